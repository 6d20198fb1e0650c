// The JSON report: the Report object as is (it is masked when built).
import type { Report } from './types.js';

export function toJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
