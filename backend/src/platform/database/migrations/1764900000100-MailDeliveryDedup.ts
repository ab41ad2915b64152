import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every replica may run the SMTP listener, and a sender that lost the 250 retries elsewhere: a
 * message received over SMTP carries a delivery hash (of its Message-ID, or of the raw message when
 * it has none), unique per mailbox, so the second delivery is acknowledged and not stored again.
 * NULL (drafts, sent copies, mail between colleagues) never collides. On SQLite a plain ALTER TABLE
 * (TypeORM's addColumn there rebuilds the table).
 * Also: the outbox row keeps the id of the request that queued it, so the sender's log lines
 * (on whichever replica sends) carry it.
 */
export class MailDeliveryDedup1764900000100 implements MigrationInterface {
  name = 'MailDeliveryDedup1764900000100';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'mysql') {
      await q.query('ALTER TABLE `mail_messages` ADD `deliveryHash` varchar(64) NULL');
    } else {
      await q.query('ALTER TABLE "mail_messages" ADD COLUMN "deliveryHash" varchar(64) NULL');
    }
    await q.query('CREATE UNIQUE INDEX ux_mail_owner_delivery ON mail_messages (ownerId, deliveryHash)');
    if (q.connection.driver.options.type === 'mysql') await q.query('ALTER TABLE `mail_outbox` ADD `requestId` varchar(64) NULL');
    else await q.query('ALTER TABLE "mail_outbox" ADD COLUMN "requestId" varchar(64) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'mysql') await q.query('ALTER TABLE `mail_outbox` DROP COLUMN `requestId`');
    else await q.query('ALTER TABLE "mail_outbox" DROP COLUMN "requestId"');
    if (q.connection.driver.options.type === 'mysql') {
      await q.query('DROP INDEX ux_mail_owner_delivery ON `mail_messages`');
      await q.query('ALTER TABLE `mail_messages` DROP COLUMN `deliveryHash`');
    } else {
      await q.query('DROP INDEX ux_mail_owner_delivery');
      await q.query('ALTER TABLE "mail_messages" DROP COLUMN "deliveryHash"');
    }
  }
}
