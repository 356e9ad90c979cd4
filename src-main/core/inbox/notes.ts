// Internal notes on a conversation (conversation_notes): written by colleagues for colleagues, kept with the author's
// name at the time so a removed user's notes still say who wrote them; nothing here ever reaches the outbox.
import type { ConversationNote, Mode } from '../../../src-shared/contract';
import type { Db } from '../db/database';

interface NoteRow {
  id: number;
  msisdn: number;
  at: string;
  author: string;
  text: string;
}

const NOTE_COLUMNS = 'id, msisdn, at, author, text';

export class ConversationNotes {
  constructor(private readonly db: Db) {}

  add(mode: Mode, msisdn: number, author: { id: number | null; name: string }, text: string, at: string): ConversationNote {
    const id = Number(
      this.db
        .prepare('INSERT INTO conversation_notes (mode, msisdn, user_id, author, text, at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(mode, msisdn, author.id, author.name, text, at).lastInsertRowid,
    );
    return { id, msisdn, at, author: author.name, text };
  }

  /** The conversation's newest `limit` notes, oldest first. */
  of(mode: Mode, msisdn: number, limit = 200): ConversationNote[] {
    const rows = this.db
      .prepare(`SELECT ${NOTE_COLUMNS} FROM conversation_notes WHERE mode = ? AND msisdn = ? ORDER BY at DESC, id DESC LIMIT ?`)
      .all(mode, msisdn, limit) as NoteRow[];
    return rows.reverse();
  }
}
