import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { APP_CONFIG, AppConfig } from '../config';

/**
 * argon2id hashes. PASSWORD_HASH_COST=fast lowers the cost for test suites only; the parameters
 * travel inside each hash, so hashes of either cost verify anywhere.
 */
@Injectable()
export class PasswordService {
  private readonly options: argon2.HashOptions & { raw?: false };
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.options =
      config.hashCost === 'fast'
        ? { type: argon2.argon2id, memoryCost: 2048, timeCost: 1, parallelism: 1 }
        : { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      // Same work whether or not the account exists, so timing does not reveal registered e-mails.
      this.dummyHash ??= this.hash('dummy-password-for-timing');
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}

/**
 * The instant of a password change, in whole seconds: tokens carry whole-second iat, and MySQL's
 * DATETIME would round a fraction up (refusing a sign-in made just after the change).
 */
export function passwordChangedNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}
