import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Mail filed under its client and registro (issue 56): one row per link of a stored message. The
 * links go with the message, the client or the registro (ON DELETE CASCADE).
 */
export class EmailVinculos1766840000000 implements MigrationInterface {
  name = 'EmailVinculos1766840000000';

  async up(q: QueryRunner): Promise<void> {
    const fk = (column: string, table: string) => new TableForeignKey({ columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete: 'CASCADE' });
    await q.createTable(
      new Table({
        name: 'email_vinculos',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'emailId', type: 'varchar', length: '36' },
          { name: 'clienteId', type: 'varchar', length: '36', isNullable: true },
          { name: 'registroId', type: 'varchar', length: '36', isNullable: true },
          { name: 'origem', type: 'varchar', length: '10' },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
        foreignKeys: [fk('emailId', 'mail_messages'), fk('clienteId', 'clientes'), fk('registroId', 'registros')],
        indices: [
          new TableIndex({ name: 'ix_email_vinculos_email', columnNames: ['emailId'] }),
          new TableIndex({ name: 'ix_email_vinculos_cliente', columnNames: ['clienteId'] }),
          new TableIndex({ name: 'ix_email_vinculos_registro', columnNames: ['registroId'] }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('email_vinculos');
  }
}
