import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/** The public contact form's messages (issue 5). */
export class ContatoMensagens1764100000000 implements MigrationInterface {
  name = 'ContatoMensagens1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'contato_mensagens',
        columns: [
          ...BASE_COLUMNS,
          { name: 'nome', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'telefone', type: 'varchar', length: '11' },
          { name: 'empresa', type: 'varchar', length: '160', isNullable: true },
          { name: 'assunto', type: 'varchar', length: '60' },
          { name: 'mensagem', type: 'text' },
          { name: 'aceiteTermos', type: 'boolean' },
          { name: 'aceiteTermosEm', type: 'datetime' },
          { name: 'lida', type: 'boolean', default: false },
          { name: 'tratada', type: 'boolean', default: false },
          { name: 'tratadaEm', type: 'datetime', isNullable: true },
          { name: 'tratadaPor', type: 'varchar', length: '160', isNullable: true },
          { name: 'respondidaEm', type: 'datetime', isNullable: true },
          { name: 'respondidaPor', type: 'varchar', length: '160', isNullable: true },
          { name: 'busca', type: 'text' },
        ],
        indices: [{ name: 'ix_contato_lista', columnNames: ['lida', 'createdAt'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('contato_mensagens');
  }
}
