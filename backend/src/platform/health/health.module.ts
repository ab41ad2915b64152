import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { HealthIndicators } from './health.indicators';

/** /api/health, /api/health/live and /api/health/ready on @nestjs/terminus (its own failure log off: the indicators log what matters). */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [HealthIndicators],
})
export class HealthModule {}
