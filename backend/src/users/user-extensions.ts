import { Injectable } from '@nestjs/common';

/**
 * What other modules hold of a staff user, announced here at start-up so the users module need not
 * import them (as ClienteDependentsRegistry does for clients): the mail module keeps the user's mailbox
 * files, the clientes module keeps the e-mails clients sign in with.
 */
export interface UserExtension {
  /**
   * Wraps the user's deletion: reads what must go with the user, runs `deleteOwner` (the transaction that
   * deletes the row; the database cascades), then removes what lives outside the database.
   */
  deleteWithOwner?<T>(userId: string, deleteOwner: () => Promise<T>): Promise<T>;
  /** Whether a login e-mail is already someone else's sign-in (a client's). */
  usernameTaken?(email: string): Promise<boolean>;
}

@Injectable()
export class UserExtensions {
  private readonly list: UserExtension[] = [];

  register(ext: UserExtension): void {
    if (!this.list.includes(ext)) this.list.push(ext);
  }

  /** Every extension's deleteWithOwner around `deleteOwner`, the first registered outermost. */
  deleteWithOwner<T>(userId: string, deleteOwner: () => Promise<T>): Promise<T> {
    const run = this.list.reduceRight<() => Promise<T>>((next, e) => (e.deleteWithOwner ? () => e.deleteWithOwner!(userId, next) : next), deleteOwner);
    return run();
  }

  async usernameTaken(email: string): Promise<boolean> {
    for (const e of this.list) if (e.usernameTaken && (await e.usernameTaken(email))) return true;
    return false;
  }
}
