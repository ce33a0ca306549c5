"""write throughput and disk size

Revision ID: 0002
Revises: 0001
Created: 2026-11-22 05:53:37.524246
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.add_column(sa.Column('write_bps', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('write_bps_median', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('write_bps_ci_low', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('write_bps_ci_high', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('disk_bytes', sa.BigInteger(), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.drop_column('disk_bytes')
        batch_op.drop_column('write_bps_ci_high')
        batch_op.drop_column('write_bps_ci_low')
        batch_op.drop_column('write_bps_median')
        batch_op.drop_column('write_bps')

