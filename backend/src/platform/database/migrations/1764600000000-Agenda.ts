import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

const fk = (table: string, column: string, refTable: string) => ({
  name: `fk_${table}_${column}`,
  columnNames: [column],
  referencedTableName: refTable,
  referencedColumnNames: ['id'],
  onDelete: 'CASCADE',
});

/**
 * Agenda and Equipe (issue 13): events with participants, the reminders sent (one per occurrence),
 * each person's feed token (hashed) and staff absences. A client or registro an event mentions has
 * no foreign key: deleting them leaves the event, which then shows neither.
 */
export class Agenda1764600000000 implements MigrationInterface {
  name = 'Agenda1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'agenda_eventos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'tipo', type: 'varchar', length: '12' },
          { name: 'titulo', type: 'varchar', length: '200' },
          { name: 'inicio', type: 'datetime' },
          { name: 'fim', type: 'datetime' },
          { name: 'diaInteiro', type: 'boolean', default: false },
          { name: 'local', type: 'varchar', length: '300', isNullable: true },
          { name: 'link', type: 'varchar', length: '500', isNullable: true },
          { name: 'clienteId', type: 'varchar', length: '36', isNullable: true },
          { name: 'registroId', type: 'varchar', length: '36', isNullable: true },
          { name: 'notas', type: 'text', isNullable: true },
          { name: 'rrule', type: 'varchar', length: '500', isNullable: true },
          { name: 'recorrenciaFim', type: 'datetime', isNullable: true },
          { name: 'lembreteMinutos', type: 'int', isNullable: true },
          { name: 'convidarCliente', type: 'boolean', default: false },
          { name: 'sequencia', type: 'int', default: 0 },
          { name: 'criadoPorId', type: 'varchar', length: '36' },
        ],
        indices: [
          { name: 'ix_agenda_eventos_inicio', columnNames: ['inicio'] },
          { name: 'ix_agenda_eventos_criador', columnNames: ['criadoPorId', 'inicio'] },
          { name: 'ix_agenda_eventos_cliente', columnNames: ['clienteId', 'inicio'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'agenda_participantes',
        columns: [
          { name: 'eventoId', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36', isPrimary: true },
        ],
        indices: [{ name: 'ix_agenda_participantes_user', columnNames: ['userId'] }],
        foreignKeys: [fk('agenda_participantes', 'eventoId', 'agenda_eventos'), fk('agenda_participantes', 'userId', 'users')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'agenda_lembretes',
        columns: [...BASE_COLUMNS, { name: 'eventoId', type: 'varchar', length: '36' }, { name: 'ocorrencia', type: 'datetime' }],
        indices: [{ name: 'uq_agenda_lembretes_ocorrencia', columnNames: ['eventoId', 'ocorrencia'], isUnique: true }],
        foreignKeys: [fk('agenda_lembretes', 'eventoId', 'agenda_eventos')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'agenda_feeds',
        columns: [...BASE_COLUMNS, { name: 'userId', type: 'varchar', length: '36' }, { name: 'tokenHash', type: 'varchar', length: '64' }],
        indices: [
          { name: 'uq_agenda_feeds_user', columnNames: ['userId'], isUnique: true },
          { name: 'uq_agenda_feeds_token', columnNames: ['tokenHash'], isUnique: true },
        ],
        foreignKeys: [fk('agenda_feeds', 'userId', 'users')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'equipe_ausencias',
        columns: [
          ...BASE_COLUMNS,
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'tipo', type: 'varchar', length: '10' },
          { name: 'de', type: 'varchar', length: '10' },
          { name: 'ate', type: 'varchar', length: '10' },
          { name: 'nota', type: 'varchar', length: '200', isNullable: true },
        ],
        indices: [
          { name: 'ix_equipe_ausencias_user', columnNames: ['userId', 'de'] },
          { name: 'ix_equipe_ausencias_periodo', columnNames: ['de', 'ate'] },
        ],
        foreignKeys: [fk('equipe_ausencias', 'userId', 'users')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['equipe_ausencias', 'agenda_feeds', 'agenda_lembretes', 'agenda_participantes', 'agenda_eventos']) await q.dropTable(t);
  }
}
