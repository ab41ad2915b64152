import * as zlib from 'node:zlib';

/*
 * Small but well-formed files of each accepted kind, for the tests (unit and API). Built here, in
 * code, so no binary fixture lives in the repository.
 */

export const samplePdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

export const samplePng = (): Buffer =>
  Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );

export const sampleJpeg = (): Buffer => Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]);

export const sampleXml = (): Buffer =>
  Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<nfeProc versao="4.00"><NFe><infNFe Id="NFe1"><emit><xNome>Ação Ltda</xNome></emit></infNFe></NFe></nfeProc>\n');

/** A ZIP with the given entries, stored (no compression). */
export function sampleZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBuf = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** An Office Open XML package's content types, naming its main part as Word and Excel write them. */
const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`;

export const sampleDocx = (): Buffer =>
  sampleZip({ '[Content_Types].xml': contentTypes('word/document.xml', 'wordprocessingml.document'), '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' });

export const sampleXlsx = (): Buffer =>
  sampleZip({ '[Content_Types].xml': contentTypes('xl/workbook.xml', 'spreadsheetml.sheet'), 'xl/workbook.xml': '<workbook/>' });

export const sampleOdt = (): Buffer =>
  sampleZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office:document-content/>' });

/** The 8-byte signature of an OLE2 compound file (.doc, .xls, .ppt) and some padding. */
export const sampleOle2 = (): Buffer => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
