"""cell touched_at: the last sign of life of the worker measuring a cell

Revision ID: 0009
Revises: 0008
Created: 2026-11-22 08:00:00
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.add_column(sa.Column('touched_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('cell', schema=None) as batch_op:
        batch_op.drop_column('touched_at')
