// The public surface of platform/metrics: other folders import from here, never one of its files (architecture.spec.ts).
export { MetricsModule } from './metrics.module';
export { MetricsService, routeTemplate } from './metrics.service';
