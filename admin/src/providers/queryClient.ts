import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '@veritas/web';

/**
 * react-admin's query cache, with one change: a refusal (4xx) is the server's answer and is not
 * asked again; a server error or a dropped connection is retried twice before the screen says so.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => {
        const status = errorStatus(error);
        return !(status !== undefined && status < 500) && failures < 2;
      },
    },
  },
});
