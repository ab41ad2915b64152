import { createApiClient } from '@veritas/web';

/**
 * The panel's instance of the shared HTTP client (bearer token from the stored session, `{ data }`
 * envelope, ApiError with the server's pt-BR message). A 401 reaches react-admin's checkError
 * through useDataProvider, which signs out.
 */
export const webClient = createApiClient();
