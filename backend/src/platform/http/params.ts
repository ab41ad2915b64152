import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/** An id that is not a UUID cannot exist: answer 404 with the resource's own message. */
export const uuidParam = (notFound: string) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFound) });
