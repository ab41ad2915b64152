import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/**
 * react-admin's query cache, with one change: a refusal (4xx) is the server's answer and is not
 * asked again; a server error or a dropped connection is retried twice before the screen says so.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
    },
  },
});
