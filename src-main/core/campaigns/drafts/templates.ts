// Saved message templates: a name and a text with merge fields, to start a message from.
import type { Template } from '../../../../src-shared/contract';
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import { coded } from '../../../../src-shared/error-codes';
import { computerClock } from '../../clock';

interface TemplateRow {
  id: number;
  name: string;
  text: string;
  updated_at: string;
}

const toTemplate = (r: TemplateRow): Template => ({ id: r.id, name: r.name, text: r.text, updatedAt: r.updated_at });

export class Templates {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = computerClock.now,
  ) {}

  list(): Template[] {
    return (this.db.prepare('SELECT id, name, text, updated_at FROM templates ORDER BY name COLLATE NOCASE').all() as TemplateRow[]).map(toTemplate);
  }

  save(t: { id?: number | undefined; name: string; text: string }): Template {
    const at = new Date(this.now()).toISOString();
    const clash = this.db.prepare('SELECT id FROM templates WHERE name = ? AND id IS NOT ?').pluck().get(t.name, t.id ?? null) as number | undefined;
    if (clash !== undefined) {
      throw new BeskedError('conflict', `A template called "${t.name}" already exists. Choose another name.`, {
        fields: [{ path: ['name'], message: 'This name is taken' }],
        ...coded('template.nameTaken', { name: t.name }),
      });
    }
    let id = t.id;
    if (id === undefined) {
      id = Number(this.db.prepare('INSERT INTO templates (name, text, created_at, updated_at) VALUES (?, ?, ?, ?)').run(t.name, t.text, at, at).lastInsertRowid);
    } else if (this.db.prepare('UPDATE templates SET name = ?, text = ?, updated_at = ? WHERE id = ?').run(t.name, t.text, at, id).changes === 0) {
      throw new BeskedError('not_found', 'This template no longer exists.', coded('template.notFound'));
    }
    return toTemplate(this.db.prepare('SELECT id, name, text, updated_at FROM templates WHERE id = ?').get(id) as TemplateRow);
  }

  delete(id: number): boolean {
    return this.db.prepare('DELETE FROM templates WHERE id = ?').run(id).changes > 0;
  }
}
