"""initial schema

Revision ID: 0001
Revises: 
Created: 2026-11-22 04:50:54.734429
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('host',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('hostname', sa.String(length=255), nullable=True),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_host')),
    sa.UniqueConstraint('name', name=op.f('uq_host_name'))
    )
    op.create_table('target',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('host', sa.String(length=255), nullable=False),
    sa.Column('port', sa.Integer(), nullable=False),
    sa.Column('user', sa.String(length=128), nullable=False),
    sa.Column('password_encrypted', sa.String(length=1024), nullable=False),
    sa.Column('database', sa.String(length=64), nullable=False),
    sa.Column('driver', sa.String(length=32), nullable=False),
    sa.Column('flavour', sa.String(length=16), nullable=True),
    sa.Column('version', sa.String(length=64), nullable=True),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('checked_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_target')),
    sa.UniqueConstraint('name', name=op.f('uq_target_name'))
    )
    op.create_table('token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('scope', sa.String(length=16), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('prefix', sa.String(length=16), nullable=False),
    sa.Column('host', sa.String(length=100), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_used_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_token')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_token_token_hash'))
    )
    op.create_table('run',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=True),
    sa.Column('target_id', sa.Integer(), nullable=False),
    sa.Column('host', sa.String(length=100), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('matrix', sa.JSON(), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('idempotency_key', sa.String(length=200), nullable=True),
    sa.Column('message', sa.Text(), nullable=True),
    sa.Column('total_cells', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['target_id'], ['target.id'], name=op.f('fk_run_target_id_target'), ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_run')),
    sa.UniqueConstraint('idempotency_key', name=op.f('uq_run_idempotency_key'))
    )
    op.create_table('cell',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.Integer(), nullable=False),
    sa.Column('index', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=64), nullable=False),
    sa.Column('storage', sa.String(length=64), nullable=False),
    sa.Column('dataset', sa.String(length=200), nullable=False),
    sa.Column('size', sa.BigInteger(), nullable=False),
    sa.Column('workload', sa.String(length=32), nullable=False),
    sa.Column('concurrency', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['run_id'], ['run.id'], name=op.f('fk_cell_run_id_run'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_cell')),
    sa.UniqueConstraint('run_id', 'index', name=op.f('uq_cell_run_id_index'))
    )
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_cell_run_id'), ['run_id'], unique=False)

    op.create_table('result',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('cell_id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.Integer(), nullable=False),
    sa.Column('read_bps', sa.Double(), nullable=True),
    sa.Column('read_bps_median', sa.Double(), nullable=True),
    sa.Column('read_bps_ci_low', sa.Double(), nullable=True),
    sa.Column('read_bps_ci_high', sa.Double(), nullable=True),
    sa.Column('ci_halfwidth_pct', sa.Double(), nullable=True),
    sa.Column('converged', sa.Boolean(), nullable=False),
    sa.Column('samples', sa.Integer(), nullable=False),
    sa.Column('latency_mean_us', sa.Double(), nullable=True),
    sa.Column('latency_p50_us', sa.Double(), nullable=True),
    sa.Column('latency_p95_us', sa.Double(), nullable=True),
    sa.Column('latency_p99_us', sa.Double(), nullable=True),
    sa.Column('ratio', sa.Double(), nullable=True),
    sa.Column('encoded_bytes', sa.Double(), nullable=True),
    sa.Column('wire_bytes', sa.Double(), nullable=True),
    sa.Column('wire_bps', sa.Double(), nullable=True),
    sa.Column('encode_s', sa.Double(), nullable=True),
    sa.Column('measure_s', sa.Double(), nullable=True),
    sa.Column('extra', sa.JSON(), nullable=False),
    sa.Column('raw_samples_us', sa.JSON(), nullable=False),
    sa.Column('context', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['cell_id'], ['cell.id'], name=op.f('fk_result_cell_id_cell'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['run_id'], ['run.id'], name=op.f('fk_result_run_id_run'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_result')),
    sa.UniqueConstraint('cell_id', name=op.f('uq_result_cell_id'))
    )
    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_result_run_id'), ['run_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_result_run_id'))

    op.drop_table('result')
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_cell_run_id'))

    op.drop_table('cell')
    op.drop_table('run')
    op.drop_table('token')
    op.drop_table('target')
    op.drop_table('host')
