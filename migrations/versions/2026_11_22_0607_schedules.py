"""schedules

Revision ID: 0005
Revises: 0004
Created: 2026-11-22 06:07:06.532447
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('schedule',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('cron', sa.String(length=100), nullable=False),
    sa.Column('target_id', sa.Integer(), nullable=False),
    sa.Column('hosts', sa.JSON(), nullable=False),
    sa.Column('matrix', sa.JSON(), nullable=False),
    sa.Column('preset', sa.String(length=64), nullable=True),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('enabled', sa.Boolean(), nullable=False),
    sa.Column('baseline', sa.String(length=32), nullable=True),
    sa.Column('threshold_pct', sa.Double(), nullable=False),
    sa.Column('next_fire_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_fire_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['target_id'], ['target.id'], name=op.f('fk_schedule_target_id_target'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_schedule'))
    )
    with op.batch_alter_table('schedule', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_schedule_next_fire_at'), ['next_fire_at'], unique=False)

    op.create_table('schedule_firing',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('schedule_id', sa.Integer(), nullable=False),
    sa.Column('scheduled_for', sa.DateTime(timezone=True), nullable=False),
    sa.Column('fired_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('outcome', sa.String(length=16), nullable=False),
    sa.Column('run_id', sa.Integer(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['run_id'], ['run.id'], name=op.f('fk_schedule_firing_run_id_run'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['schedule_id'], ['schedule.id'], name=op.f('fk_schedule_firing_schedule_id_schedule'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_schedule_firing')),
    sa.UniqueConstraint('schedule_id', 'scheduled_for', name=op.f('uq_schedule_firing_schedule_id_scheduled_for'))
    )
    with op.batch_alter_table('schedule_firing', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_schedule_firing_schedule_id'), ['schedule_id'], unique=False)

    with op.batch_alter_table('run', schema=None) as batch_op:
        batch_op.add_column(sa.Column('schedule_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_run_schedule_id'), ['schedule_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_run_schedule_id_schedule'), 'schedule', ['schedule_id'], ['id'], ondelete='SET NULL')



def downgrade() -> None:
    with op.batch_alter_table('run', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_run_schedule_id_schedule'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_run_schedule_id'))
        batch_op.drop_column('schedule_id')

    with op.batch_alter_table('schedule_firing', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_schedule_firing_schedule_id'))

    op.drop_table('schedule_firing')
    with op.batch_alter_table('schedule', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_schedule_next_fire_at'))

    op.drop_table('schedule')
