"""alerts

Revision ID: 0006
Revises: 0005
Created: 2026-11-22 06:14:43.689631
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('alert',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.Integer(), nullable=False),
    sa.Column('schedule_id', sa.Integer(), nullable=True),
    sa.Column('baseline', sa.String(length=32), nullable=False),
    sa.Column('baseline_run_ids', sa.JSON(), nullable=False),
    sa.Column('threshold_pct', sa.Double(), nullable=False),
    sa.Column('regressed', sa.Integer(), nullable=False),
    sa.Column('worst_change_pct', sa.Double(), nullable=True),
    sa.Column('cells', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('acknowledged_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('acknowledged_by', sa.String(length=100), nullable=True),
    sa.ForeignKeyConstraint(['run_id'], ['run.id'], name=op.f('fk_alert_run_id_run'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['schedule_id'], ['schedule.id'], name=op.f('fk_alert_schedule_id_schedule'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_alert')),
    sa.UniqueConstraint('run_id', name=op.f('uq_alert_run_id'))
    )
    with op.batch_alter_table('alert', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_alert_schedule_id'), ['schedule_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('alert', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_alert_schedule_id'))

    op.drop_table('alert')
