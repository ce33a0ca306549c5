"""multi-host runs

Revision ID: 0007
Revises: 0006
Created: 2026-11-22 06:19:09.258106
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Add the columns nullable, fill them from run.host, then require them: every existing
    # run ran from one host, so its cells carry that host and its host list is [host].
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.add_column(sa.Column('host', sa.String(length=100), nullable=True))

    with op.batch_alter_table('run', schema=None) as batch_op:
        batch_op.add_column(sa.Column('hosts', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('active_host', sa.String(length=100), nullable=True))

    run = sa.table('run', sa.column('id', sa.Integer()), sa.column('host', sa.String()),
                   sa.column('hosts', sa.JSON()), sa.column('active_host', sa.String()))
    cell = sa.table('cell', sa.column('run_id', sa.Integer()), sa.column('host', sa.String()))
    bind = op.get_bind()
    for run_id, host in bind.execute(sa.select(run.c.id, run.c.host)).all():
        bind.execute(run.update().where(run.c.id == run_id)
                     .values(hosts=[host], active_host=host))
    bind.execute(cell.update().values(
        host=sa.select(run.c.host).where(run.c.id == cell.c.run_id).scalar_subquery()))

    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.alter_column('host', existing_type=sa.String(length=100), nullable=False)

    with op.batch_alter_table('run', schema=None) as batch_op:
        batch_op.alter_column('hosts', existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table('run', schema=None) as batch_op:
        batch_op.drop_column('active_host')
        batch_op.drop_column('hosts')

    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.drop_column('host')

