/*
 * Uploads with progress and authenticated downloads, for the panel: the same helper as the client
 * area's (one implementation for both front ends), given the panel's stored token. A 401 goes
 * through react-admin's authProvider.checkError, which signs out as every other call does.
 */
import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { bearerHeader, type DocumentoResponse } from '@veritas/common';
import { ApiError, downloadDocumento, uploadDocumento, type UploadFields } from '@veritas/web';

export {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_HELP,
  ApiError,
  fileRefusal,
  formatBytes,
  SIZE_HELP,
} from '@veritas/web';

export function useTransfer() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const guard = useCallback(
    async <T>(run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) await logoutIfAccessDenied(error);
        throw error;
      }
    },
    [logoutIfAccessDenied],
  );
  return {
    upload: (file: File, fields: UploadFields, onProgress: (fraction: number) => void): Promise<DocumentoResponse> =>
      guard(() => uploadDocumento(file, fields, bearerHeader(window.localStorage), onProgress)),
    download: (doc: Pick<DocumentoResponse, '_id' | 'nomeArquivo'>): Promise<void> =>
      guard(() => downloadDocumento(doc._id, doc.nomeArquivo, bearerHeader(window.localStorage))),
  };
}

/** The message of a failed transfer. */
export function transferError(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Erro inesperado. Tente novamente.';
}
