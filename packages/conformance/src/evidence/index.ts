// @mediagen/conformance/evidence: the evidence file, as the suite writes it and every reader reads it
// (the reference site among them): its format, the one validator, reading it from disk within its bounds.
export {
  type AssumptionEvidence,
  EVIDENCE_FORMAT,
  type EvidenceFile,
  type EvidenceRun,
  type EvidenceSource,
  type EvidenceVerdict,
  parseEvidence,
} from './file.js';
export { MAX_EVIDENCE_BYTES, readEvidenceFile } from './store.js';
