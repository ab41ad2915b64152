import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/** The staff mailbox: messages (one row per mailbox copy), their attachments, the outbox. */
export class Mail1763900000000 implements MigrationInterface {
  name = 'Mail1763900000000';

  async up(q: QueryRunner): Promise<void> {
    const list = (name: string) => ({ name, type: 'text' });
    const flag = (name: string) => ({ name, type: 'boolean', default: false });
    await q.createTable(
      new Table({
        name: 'mail_messages',
        columns: [
          ...BASE_COLUMNS,
          { name: 'ownerId', type: 'varchar', length: '36' },
          { name: 'folder', type: 'varchar', length: '10' },
          { name: 'trashedFrom', type: 'varchar', length: '10', isNullable: true },
          { name: 'messageId', type: 'varchar', length: '255', isNullable: true },
          { name: 'inReplyTo', type: 'varchar', length: '255', isNullable: true },
          { name: 'fromAddress', type: 'varchar', length: '254' },
          { name: 'fromName', type: 'varchar', length: '200' },
          list('toList'),
          list('ccList'),
          list('bccList'),
          { name: 'subject', type: 'varchar', length: '998' },
          // Milliseconds, so messages that arrive within one second keep their order on MySQL too.
          { name: 'date', type: 'datetime', precision: 3 },
          flag('read'),
          flag('starred'),
          flag('important'),
          flag('hasAttachments'),
          flag('isHtml'),
          { name: 'size', type: 'bigint', default: 0 },
          { name: 'bodyFile', type: 'varchar', length: '80' },
          { name: 'preview', type: 'varchar', length: '600' },
          { name: 'searchText', type: 'text' },
        ],
        foreignKeys: [{ columnNames: ['ownerId'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'ix_mail_owner_folder_date', columnNames: ['ownerId', 'folder', 'date'] },
          { name: 'ix_mail_owner_starred', columnNames: ['ownerId', 'starred'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'mail_attachments',
        columns: [
          ...BASE_COLUMNS,
          { name: 'mailId', type: 'varchar', length: '36' },
          { name: 'ownerId', type: 'varchar', length: '36' },
          { name: 'filename', type: 'varchar', length: '255' },
          { name: 'contentType', type: 'varchar', length: '255' },
          { name: 'size', type: 'bigint', default: 0 },
          { name: 'storedName', type: 'varchar', length: '80' },
          { name: 'contentId', type: 'varchar', length: '255', isNullable: true },
          { name: 'position', type: 'int', default: 0 },
        ],
        foreignKeys: [{ columnNames: ['mailId'], referencedTableName: 'mail_messages', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'ix_mail_att_message', columnNames: ['mailId'] },
          { name: 'ix_mail_att_owner', columnNames: ['ownerId'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'mail_outbox',
        columns: [
          ...BASE_COLUMNS,
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'nextAttemptAt', type: 'datetime' },
          { name: 'lastError', type: 'varchar', length: '500', isNullable: true },
          { name: 'payloadFile', type: 'varchar', length: '80' },
          { name: 'summary', type: 'varchar', length: '500' },
          flag('relayDone'),
          flag('localDone'),
        ],
        indices: [{ name: 'ix_mail_outbox_due', columnNames: ['status', 'nextAttemptAt'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('mail_outbox');
    await q.dropTable('mail_attachments');
    await q.dropTable('mail_messages');
  }
}
