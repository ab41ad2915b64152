// The public surface of checklist: other folders import from here, never one of its files (architecture.spec.ts).
export { ChecklistModule } from './checklist.module';
export { ChecklistService } from './checklist.service';
export { ChecklistModelo } from './entities/checklist-modelo.entity';
export { RegistroChecklist } from './entities/registro-checklist.entity';
