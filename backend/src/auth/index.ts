// The public surface of auth: other folders import from here, never one of its files (architecture.spec.ts).
export { AccessGuard } from './access.guard';
export { AuthModule } from './auth.module';
export { RevokedSession } from './entities/revoked-session.entity';
export { LoginThrottleService } from './login-throttle.service';
export { endSessionsOf } from './sessions.service';
