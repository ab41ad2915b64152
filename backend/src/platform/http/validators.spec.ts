import * as fs from 'node:fs';
import * as path from 'node:path';
import { getMetadataStorage, IS_OPTIONAL } from 'class-validator';

/** Every DTO of the backend (dto/ folders), loaded so that its decorators register. */
function loadAllDtos(): void {
  const src = path.join(__dirname, '..', '..');
  for (const feature of fs.readdirSync(src)) {
    const dir = path.join(src, feature, 'dto');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir)) if (file.endsWith('.ts') && !file.endsWith('.spec.ts')) require(path.join(dir, file));
  }
}

describe('DTO optional fields', () => {
  it('no DTO uses class-validator IsOptional, which lets null past every rule (use Optional or Nullable)', () => {
    loadAllDtos();
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Function, { name?: string; propertyName: string }[]> };
    const offenders: string[] = [];
    for (const [target, list] of storage.validationMetadatas) {
      for (const m of list) if (m.name === IS_OPTIONAL) offenders.push(`${target.name}.${m.propertyName}`);
    }
    expect(storage.validationMetadatas.size).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
