import 'reflect-metadata';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { selectIn } from './select-in';
import { rowById } from './row-by-id';

@Entity('pessoas')
class Pessoa {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id!: string;
  @Column({ type: 'varchar', length: 100 }) email!: string;
  @Column({ type: 'datetime', nullable: true }) mudouEm!: Date | null;
  @Column({ type: 'boolean' }) ativo!: boolean;
  @Column({ type: 'varchar', length: 255, transformer: { to: (v: string[]) => JSON.stringify(v), from: (v: string) => JSON.parse(v) as string[] } })
  papeis!: string[];
}

describe('rowById (plain SQL, hydrated as TypeORM hydrates)', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Pessoa] }).initialize();
    await ds.query('CREATE TABLE pessoas (id varchar(36) PRIMARY KEY, email varchar(100) NOT NULL, mudouEm datetime, ativo boolean NOT NULL, papeis varchar(255) NOT NULL)');
    await ds.getRepository(Pessoa).insert([
      { id: 'a', email: 'a@x.com.br', mudouEm: new Date('2026-11-25T10:20:30.456Z'), ativo: true, papeis: ['Master', 'Financeiro'] },
      { id: 'b', email: 'b@x.com.br', mudouEm: null, ativo: false, papeis: [] },
    ]);
  });
  afterAll(() => ds.destroy());

  it('gives the named columns as findOne does (dates, booleans, transformers, nulls)', async () => {
    for (const id of ['a', 'b']) {
      const plain = await rowById(ds.manager, Pessoa, id, ['id', 'mudouEm', 'ativo', 'papeis']);
      const found = await ds.manager.findOne(Pessoa, { where: { id }, select: { id: true, mudouEm: true, ativo: true, papeis: true } });
      expect(plain).toEqual({ ...found });
    }
    const a = await rowById(ds.manager, Pessoa, 'a', ['mudouEm', 'papeis']);
    expect(a?.mudouEm).toBeInstanceOf(Date);
    expect(a?.mudouEm?.toISOString()).toBe('2026-11-25T10:20:30.456Z');
    expect(a?.papeis).toEqual(['Master', 'Financeiro']);
  });

  it('is null for an id no row has, and binds the id (no SQL from it)', async () => {
    expect(await rowById(ds.manager, Pessoa, 'zzz', ['id'])).toBeNull();
    expect(await rowById(ds.manager, Pessoa, "a' OR '1'='1", ['id'])).toBeNull();
  });

  it('refuses a column the entity does not have', async () => {
    await expect(rowById(ds.manager, Pessoa, 'a', ['senha' as never])).rejects.toThrow(/não tem a coluna senha/);
  });

  it('selectIn binds the ids a chunk at a time and gives every matching row (1,203 ids, two of them present)', async () => {
    const ids = [...Array.from({ length: 1200 }, (_, i) => `x${i}`), 'a', 'b', "a' OR '1'='1"];
    const sizes: number[] = [];
    const rows = await selectIn<{ id: string }>(ds.manager, ids, (list) => {
      sizes.push(list.split(',').length);
      return `SELECT id FROM pessoas WHERE id IN (${list}) ORDER BY id`;
    });
    expect(sizes).toEqual([500, 500, 203]);
    expect(rows.map((r) => r.id).sort()).toEqual(['a', 'b']);
    expect(await selectIn(ds.manager, [], () => 'SELECT nada')).toEqual([]);
  });
});
