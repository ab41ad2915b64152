import { Controller, Get, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorator';
import { pollutedPrototypes, probeDataPath } from './readiness';

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(private readonly db: DataSource) {}

  @Get()
  @Public('Saúde do serviço: 200 quando o processo está íntegro e uma consulta real ao banco de dados funciona, 503 quando não.')
  @ApiOkResponse({ description: '{ status: "ok", database: "ok" }' })
  @ApiServiceUnavailableResponse({ description: 'Banco de dados inacessível, ou processo em estado inconsistente (precisa ser reiniciado).' })
  async health() {
    const polluted = pollutedPrototypes();
    if (polluted.length) {
      this.logger.error(`Protótipos alterados desde a inicialização (${polluted.join(', ')}): o processo precisa ser reiniciado.`);
      throw new ServiceUnavailableException('Serviço em estado inconsistente; ele precisa ser reiniciado.');
    }
    try {
      await this.db.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('Banco de dados inacessível.');
    }
    try {
      await probeDataPath(this.db);
    } catch (err) {
      this.logger.error(`Consulta de verificação falhou: ${err instanceof Error ? err.message : String(err)}`);
      throw new ServiceUnavailableException('Serviço com falha no acesso aos dados.');
    }
    return { status: 'ok', database: 'ok' };
  }
}
