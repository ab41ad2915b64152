import { Injectable } from '@nestjs/common';
import { MENSAGEM_ARQUIVOS_MAX, MENSAGEM_MESSAGES, MENSAGEM_TEXTO_MAX } from '@veritas/common';
import { UploadInterceptor } from '../documentos';

/** A message's form: its text and up to MENSAGEM_ARQUIVOS_MAX files in "arquivo", each bounded like any document. */
@Injectable()
export class MensagemUploadInterceptor extends UploadInterceptor {
  protected override readonly maxFiles = MENSAGEM_ARQUIVOS_MAX;
  // The text in UTF-8 (up to 4 bytes a character) and some room: a longer one is refused by the rule, not cut.
  protected override readonly fieldSize = MENSAGEM_TEXTO_MAX * 4 + 1024;

  protected override tooMany(): string {
    return MENSAGEM_MESSAGES.arquivosDemais;
  }
}
