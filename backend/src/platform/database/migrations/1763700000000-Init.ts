import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

const opt = (name: string, length: number) => ({ name, type: 'varchar', length: String(length), isNullable: true });

export class Init1763700000000 implements MigrationInterface {
  name = 'Init1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'users',
        columns: [
          ...BASE_COLUMNS,
          { name: 'username', type: 'varchar', length: '40' },
          { name: 'nomeCompleto', type: 'varchar', length: '160' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'passwordHash', type: 'varchar', length: '255' },
          { name: 'isAdmin', type: 'boolean', default: false },
          { name: 'permissions', type: 'varchar', length: '255', default: "'[]'" },
        ],
        indices: [
          { name: 'uq_users_username', columnNames: ['username'], isUnique: true },
          { name: 'uq_users_email', columnNames: ['email'], isUnique: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'clientes',
        columns: [
          ...BASE_COLUMNS,
          { name: 'razaoSocial', type: 'varchar', length: '200' },
          opt('nomeFantasia', 200),
          { name: 'cnpj', type: 'varchar', length: '14' },
          opt('cnes', 20),
          opt('nire', 20),
          { name: 'email', type: 'varchar', length: '254' },
          opt('emailRF', 254),
          opt('telefone', 11),
          opt('celularWhatsApp', 11),
          opt('telefoneResponsavel', 11),
          opt('celularWhatsAppResponsavel', 11),
          opt('cep', 8),
          opt('endereco', 200),
          opt('numero', 20),
          opt('complemento', 100),
          opt('bairro', 100),
          opt('cidade', 100),
          opt('estado', 2),
          { name: 'pais', type: 'varchar', length: '60', default: "'Brasil'" },
          opt('nomeCompletoResponsavel', 160),
          opt('cargo', 80),
          opt('dataNascimento', 10),
          opt('nomeCompletoAssinanteDBE', 160),
          opt('cargoAssinanteDBE', 80),
          opt('dataNascimentoAssinanteDBE', 10),
          { name: 'passwordHash', type: 'varchar', length: '255' },
          { name: 'status', type: 'varchar', length: '10', default: "'ativo'" },
          { name: 'tipoClienteId', type: 'varchar', length: '36', isNullable: true },
          { name: 'busca', type: 'varchar', length: '700', default: "''" },
        ],
        indices: [
          { name: 'uq_clientes_cnpj', columnNames: ['cnpj'], isUnique: true },
          { name: 'uq_clientes_email', columnNames: ['email'], isUnique: true },
          { name: 'ix_clientes_status', columnNames: ['status'] },
          { name: 'ix_clientes_tipo', columnNames: ['tipoClienteId'] },
          { name: 'ix_clientes_created', columnNames: ['createdAt'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('clientes');
    await q.dropTable('users');
  }
}
