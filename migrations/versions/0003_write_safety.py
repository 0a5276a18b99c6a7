"""write safety: session version, unique deal positions, one pending deal, ids never reused,
idempotency keys, Unicode player name keys

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 07:20:00

"""
import unicodedata

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

INVISIBLE = {"Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp"}


def _key(name):
    """scorekeeper.names.name_key, frozen here as of this migration."""
    text = unicodedata.normalize("NFC", name)
    kept = [" " if unicodedata.category(c) == "Zs" else c for c in text if unicodedata.category(c) not in INVISIBLE]
    cleaned = " ".join("".join(kept).split())
    return unicodedata.normalize("NFC", cleaned.casefold())


def upgrade():
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), server_default='0', nullable=False))

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name_key', sa.String(length=240), nullable=True))
    connection = op.get_bind()
    seen = set()
    for player_id, name in connection.execute(sa.text("SELECT id, name FROM player ORDER BY id")).all():
        key = _key(name)
        if key in seen:  # two players stored before keys existed ("ömer", "ÖMER"): keep both apart
            key = f"{key}#{player_id}"
        seen.add(key)
        connection.execute(sa.text("UPDATE player SET name_key = :k WHERE id = :i"), {"k": key, "i": player_id})
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.alter_column('name_key', existing_type=sa.String(length=240), nullable=False)
        batch_op.create_unique_constraint('uq_player_name_key', ['name_key'])

    # repair what the races of old may have stored: a later duplicate pending (bid) row is dropped
    # (the board only ever showed the first), positions are renumbered 1..n in their shown order
    rows = connection.execute(sa.text(
        "SELECT id, session_id, phase FROM deal ORDER BY session_id, position, id")).all()
    position, current, pending = 0, None, False
    for deal_id, session_id, phase in rows:
        if session_id != current:
            position, current, pending = 0, session_id, False
        if phase != 'complete':
            if pending:
                connection.execute(sa.text("DELETE FROM deal WHERE id = :i"), {"i": deal_id})
                continue
            pending = True
        position += 1
        connection.execute(sa.text("UPDATE deal SET position = :p WHERE id = :i"), {"p": position, "i": deal_id})

    # SQLite: the tables are rebuilt with AUTOINCREMENT so a deleted deal's id is never given again
    # (PostgreSQL's sequences never give an id twice: altered in place, keeping the sequences)
    recreate = 'always' if connection.dialect.name == 'sqlite' else 'auto'
    with op.batch_alter_table('deal', schema=None, recreate=recreate,
                              table_kwargs={'sqlite_autoincrement': True}) as batch_op:
        batch_op.create_unique_constraint('uq_deal_session_id_position', ['session_id', 'position'])
        batch_op.create_index('ix_deal_one_pending', ['session_id'], unique=True,
                              sqlite_where=sa.text("phase != 'complete'"),
                              postgresql_where=sa.text("phase != 'complete'"))

    with op.batch_alter_table('revision', schema=None, recreate=recreate,
                              table_kwargs={'sqlite_autoincrement': True}) as batch_op:
        batch_op.add_column(sa.Column('idempotency_key', sa.String(length=80), nullable=True))
        batch_op.create_unique_constraint('uq_revision_session_id_idempotency_key',
                                          ['session_id', 'idempotency_key'])


def downgrade():
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.drop_constraint('uq_revision_session_id_idempotency_key', type_='unique')
        batch_op.drop_column('idempotency_key')
    with op.batch_alter_table('deal', schema=None) as batch_op:
        batch_op.drop_index('ix_deal_one_pending')
        batch_op.drop_constraint('uq_deal_session_id_position', type_='unique')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_constraint('uq_player_name_key', type_='unique')
        batch_op.drop_column('name_key')
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.drop_column('version')
