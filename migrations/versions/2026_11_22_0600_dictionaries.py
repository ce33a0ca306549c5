"""dictionaries

Revision ID: 0004
Revises: 0003
Created: 2026-11-22 06:00:44.845549
"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('dictionary',
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('run_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('dataset', sa.String(length=200), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['run_id'], ['run.id'], name=op.f('fk_dictionary_run_id_run'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('sha256', name=op.f('pk_dictionary'))
    )
    with op.batch_alter_table('dictionary', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_dictionary_run_id'), ['run_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('dictionary', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_dictionary_run_id'))

    op.drop_table('dictionary')
