import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { attachmentDisposition } from '../platform/http';
import { baseName, cleanFileName } from './file-name';
import {
  sampleDocx,
  sampleJpeg,
  sampleOdt,
  sampleOle2,
  samplePdf,
  samplePng,
  sampleXlsx,
  sampleXml,
  sampleZip,
} from './sample-files';
import { DOCUMENT_EXTENSIONS } from '@veritas/common';
import { ALLOWED_EXTENSIONS, classify, sniffFile, SniffedKind } from './sniff';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sniff-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function sniff(content: Buffer | string): Promise<SniffedKind | null> {
  const file = path.join(dir, `f${++n}`);
  fs.writeFileSync(file, content);
  return sniffFile(file);
}

describe('sniffFile', () => {
  it.each<[string, () => Buffer | string, SniffedKind | null]>([
    ['PDF', samplePdf, 'pdf'],
    ['PDF after a few junk bytes', () => Buffer.concat([Buffer.from('\r\n'), samplePdf()]), 'pdf'],
    ['PNG', samplePng, 'png'],
    ['JPEG', sampleJpeg, 'jpeg'],
    ['GIF', () => Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'gif'],
    ['WEBP', () => Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'), 'webp'],
    ['TIFF', () => Buffer.from('49492a00080000000000000000000000', 'hex'), 'tiff'],
    ['HEIC', () => Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'), 'heic'],
    ['DOCX', sampleDocx, 'docx'],
    ['XLSX', sampleXlsx, 'xlsx'],
    ['ODT', sampleOdt, 'odt'],
    ['a plain ZIP', () => sampleZip({ 'a.txt': 'a' }), 'zip'],
    ['OLE2 (.doc/.xls)', sampleOle2, 'ole2'],
    ['XML with a declaration', sampleXml, 'xml'],
    ['XML without a declaration', () => '\uFEFF  <NFe><infNFe/></NFe>', 'xml'],
    ['HTML is not XML', () => '<!DOCTYPE html><html><body>x</body></html>', null],
    ['SVG is not accepted', () => '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', null],
    ['HTML with %PDF- in its first KB is no PDF', () => '<html><body><script>alert(1)</script>%PDF-1.4</body></html>', null],
    ['%PDF- first, then HTML markup in the first KB', () => '%PDF-1.4\n<html><script>alert(1)</script>', null],
    ['%PDF- after a comment', () => '<!-- x -->%PDF-1.4\n', null],
    ['SVG with onload inside an XML', () => '<?xml version="1.0"?><doc><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/></doc>', null],
    ['namespaced XHTML script', () => '<?xml version="1.0"?><x:doc xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></x:doc>', null],
    ['an on* attribute without a namespace', () => '<NFe><infNFe Id="1" onmouseover="alert(1)"/></NFe>', null],
    ['a DOCTYPE with entities', () => '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bbbb">]><a>&b;</a>', null],
    ['an XSLT stylesheet instruction', () => '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="x.xsl"?><a/>', null],
    ['script far beyond the first 8 KB of an XML', () => `<?xml version="1.0"?><NFe>${'<det>1</det>'.repeat(2000)}<script>alert(1)</script></NFe>`, null],
    ['an executable', () => Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), null],
    [
      'a Word document with macros (.docm)',
      () => sampleZip({ '[Content_Types].xml': '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>', 'word/document.xml': '<w:document/>' }),
      null,
    ],
    ['a Java archive', () => sampleZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'A.class': Buffer.from('cafebabe', 'hex') }), null],
    ['plain text', () => 'só um texto qualquer', null],
    ['an empty file', () => Buffer.alloc(0), null],
  ])('%s', async (_name, make, kind) => {
    expect(await sniff(make())).toBe(kind);
  });
});

describe('cleanFileName', () => {
  it.each([
    ['fatura\u202Efdp.exe.pdf', 'faturafdp.exe.pdf'],
    ['a\u2066b\u2069c\u200E\u200F.pdf', 'abc.pdf'],
    ['nota\u0007\u0085\u202A.pdf', 'nota.pdf'],
  ])('strips hidden and direction characters: %j', (name, clean) => {
    expect(cleanFileName(name, 'pdf')).toBe(clean);
  });
});

describe('classify', () => {
  it.each<[SniffedKind | null, string, string | null]>([
    ['pdf', 'contrato.pdf', 'application/pdf'],
    ['pdf', 'CONTRATO.PDF', 'application/pdf'],
    ['pdf', 'contrato', 'application/pdf'],
    ['jpeg', 'foto.jpeg', 'image/jpeg'],
    ['jpeg', 'foto.jpg', 'image/jpeg'],
    ['docx', 'ata.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['docx', 'ata.zip', 'application/zip'],
    ['ole2', 'planilha.xls', 'application/vnd.ms-excel'],
    ['ole2', 'ata.doc', 'application/msword'],
    ['xml', 'nfe.xml', 'application/xml'],
    ['zip', 'pacote.zip', 'application/zip'],
    // Refused:
    ['png', 'contrato.pdf', null],
    [null, 'contrato.pdf', null],
    ['zip', 'ata.docx', null],
    ['ole2', 'arquivo', null],
    ['ole2', 'ata.pdf', null],
    ['pdf', 'virus.exe', null],
    ['xml', 'pagina.html', null],
  ])('%s named %s → %s', (kind, name, mime) => {
    const r = classify(kind, name);
    if (mime) expect(r).toMatchObject({ ok: true, mime });
    else expect(r.ok).toBe(false);
  });

  it('says why in pt-BR', () => {
    expect(classify('png', 'contrato.pdf')).toEqual({ ok: false, message: 'O conteúdo do arquivo não corresponde à extensão .pdf.' });
    expect(classify('pdf', 'x.exe')).toMatchObject({ ok: false, message: expect.stringMatching(/^Tipo de arquivo não permitido \(\.exe\)/) });
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/passwd.pdf', 'pdf', 'passwd.pdf'],
    ['..\\..\\Windows\\win.ini.pdf', 'pdf', 'win.ini.pdf'],
    ['C:\\Users\\Ana\\Contrato Social.pdf', 'pdf', 'Contrato Social.pdf'],
    ['..', 'pdf', 'documento.pdf'],
    ['', 'png', 'documento.png'],
    ['contrato', 'pdf', 'contrato.pdf'],
    ['a\u0000b\nc.pdf', 'pdf', 'abc.pdf'],
    ['re:"x"|y?.pdf', 'pdf', 're__x__y_.pdf'],
    ['Certidão  de   Inteiro Teor.pdf', 'pdf', 'Certidão de Inteiro Teor.pdf'],
    ['.hidden.pdf', 'pdf', 'hidden.pdf'],
  ])('%j → %j', (input, ext, out) => {
    expect(cleanFileName(input, ext)).toBe(out);
  });

  it('bounds the length and keeps the extension', () => {
    const name = cleanFileName(`${'a'.repeat(400)}.pdf`, 'pdf');
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('gives the title without the extension', () => {
    expect(baseName('Contrato Social.pdf')).toBe('Contrato Social');
  });

  it('writes a Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('Certidão "nova" 100%.pdf')).toBe(
      `attachment; filename="Certidao _nova_ 100_.pdf"; filename*=UTF-8''Certid%C3%A3o%20%22nova%22%20100%25.pdf`,
    );
  });
});

describe('the accepted extensions', () => {
  it('are exactly the shared list the browsers check before uploading', () => {
    expect([...ALLOWED_EXTENSIONS].sort()).toEqual([...DOCUMENT_EXTENSIONS].sort());
  });
});
