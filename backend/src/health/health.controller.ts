import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorator';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly db: DataSource) {}

  @Get()
  @Public('Saúde do serviço: 200 com o banco de dados acessível, 503 quando não está.')
  @ApiOkResponse({ description: '{ status: "ok", database: "ok" }' })
  @ApiServiceUnavailableResponse({ description: 'Banco de dados inacessível.' })
  async health() {
    try {
      await this.db.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('Banco de dados inacessível.');
    }
    return { status: 'ok', database: 'ok' };
  }
}
