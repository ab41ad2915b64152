import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, Observable, throwError } from 'rxjs';
import { LookupRateLimitedException } from './lookup.errors';

/** Adds the standard Retry-After header to our polite 429s (the body says it too). */
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((err: unknown) => {
        if (err instanceof LookupRateLimitedException) {
          context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(err.retryAfterSeconds));
        }
        return throwError(() => err);
      }),
    );
  }
}
