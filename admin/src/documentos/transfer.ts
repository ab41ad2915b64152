/*
 * Uploads with progress and authenticated downloads, for the panel: the same helpers as the client
 * area's (one implementation for both front ends), with the session of the panel's client. A 401
 * goes through react-admin's authProvider.checkError, which signs out as every other call does.
 */
import { useCallback } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import type { ChecklistItemResponse, DocumentoResponse } from '@veritas/common';
import { ApiError, downloadDocumento, errorMessage, UNEXPECTED_FAILURE, uploadDocumento, uploadFile, type UploadFields } from '@veritas/web';
import { webClient } from '../providers/webClient';

export { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, formatBytes, SIZE_HELP } from '@veritas/web';

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
      guard(() => uploadDocumento(file, fields, webClient.authHeaders(), onProgress)),
    /** A file the firm received (by e-mail, on paper) sent against a checklist item: it then stands as sent (issue 52). */
    uploadChecklist: (registroId: string, itemId: string, file: File, onProgress: (fraction: number) => void): Promise<ChecklistItemResponse> => {
      const form = new FormData();
      form.append('arquivo', file, file.name);
      const url = `/api/registros/${encodeURIComponent(registroId)}/checklist/${encodeURIComponent(itemId)}/arquivo`;
      return guard(() => uploadFile<ChecklistItemResponse>(url, form, webClient.authHeaders(), onProgress));
    },
    /** A document's bytes, to show it in the page (an image's preview). */
    contents: (id: string): Promise<Blob> => guard(() => webClient.download(`/api/documentos/${encodeURIComponent(id)}/download`)),
    download: (doc: Pick<DocumentoResponse, '_id' | 'nomeArquivo'>): Promise<void> =>
      guard(() => downloadDocumento(doc._id, doc.nomeArquivo, webClient.authHeaders())),
  };
}

/** The message of a failed transfer. */
export function transferError(error: unknown): string {
  return errorMessage(error, UNEXPECTED_FAILURE);
}
