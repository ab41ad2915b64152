import { BeforeInsert, BeforeUpdate, Column, PrimaryColumn } from 'typeorm';
import { newId } from './ids';

/**
 * Ids are UUIDs made by the application (version 7: time-ordered, not guessable; see newId), and times are set here in UTC,
 * so that SQLite and MySQL behave the same without database-specific defaults.
 */
export abstract class BaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'datetime' })
  createdAt!: Date;

  @Column({ type: 'datetime' })
  updatedAt!: Date;

  @BeforeInsert()
  protected stampInsert(): void {
    if (!this.id) this.id = newId();
    const now = new Date();
    if (!this.createdAt) this.createdAt = now;
    this.updatedAt = now;
  }

  @BeforeUpdate()
  protected stampUpdate(): void {
    this.updatedAt = new Date();
  }
}

/** The audit columns every table shares, for migrations. */
export const BASE_COLUMNS = [
  { name: 'id', type: 'varchar', length: '36', isPrimary: true },
  { name: 'createdAt', type: 'datetime' },
  { name: 'updatedAt', type: 'datetime' },
];

/** ISO text of an instant as the drivers return it: a Date, or SQLite's text, which is UTC without saying so. */
export function toIso(d: Date | string | null | undefined): string | null {
  if (!d) return null;
  const date = d instanceof Date ? d : new Date(/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(d) ? `${d.replace(' ', 'T')}Z` : d);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
