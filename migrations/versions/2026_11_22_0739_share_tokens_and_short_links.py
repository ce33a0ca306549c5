"""share tokens and short links

Revision ID: 0008
Revises: 0007
Created: 2026-11-22 07:39:03.709172
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('link',
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('path', sa.String(length=4000), nullable=False),
    sa.Column('path_hash', sa.String(length=64), nullable=False),
    sa.Column('created_by', sa.String(length=100), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('visits', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('code', name=op.f('pk_link')),
    sa.UniqueConstraint('path_hash', name=op.f('uq_link_path_hash'))
    )
    with op.batch_alter_table('token', schema=None) as batch_op:
        batch_op.add_column(sa.Column('run_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_token_run_id'), ['run_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_token_run_id_run'), 'run', ['run_id'], ['id'], ondelete='CASCADE')



def downgrade() -> None:
    with op.batch_alter_table('token', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_token_run_id_run'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_token_run_id'))
        batch_op.drop_column('run_id')

    op.drop_table('link')
