// The reporters are one table: --reporter takes every name in it and no other, the help lists them all,
// and each file reporter that renders from the report writes what its renderer makes.
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/main.js';
import { parseReporters, RUN_REPORTERS, reporterPath, reporterUsage } from '../../src/report/reporters.js';

describe('the reporters table', () => {
  it('is what --reporter takes, and what the help lists', () => {
    const names = Object.keys(RUN_REPORTERS);
    expect(names.sort()).toEqual(['console', 'har', 'html', 'json', 'junit']);
    const values = names.map((name) => (name === 'console' ? name : `${name}=out/${name}.txt`));
    expect(parseReporters(RUN_REPORTERS, values)).toEqual(names.map((name) => (name === 'console' ? { kind: name } : { kind: name, path: `out/${name}.txt` })));
    expect(USAGE).toContain(`--reporter R           ${reporterUsage(RUN_REPORTERS)}`);
    for (const name of names) expect(reporterUsage(RUN_REPORTERS)).toContain(name === 'console' ? name : `${name}=PATH`);
  });

  it('defaults to the console, keeps a path with `=` in it, and refuses what the table does not hold, listing what it does', () => {
    expect(parseReporters(RUN_REPORTERS, [])).toEqual([{ kind: 'console' }]);
    expect(parseReporters(RUN_REPORTERS, ['json=a=b.json'])).toEqual([{ kind: 'json', path: 'a=b.json' }]);
    for (const value of ['pdf', 'pdf=x', 'json', 'json=', 'console=x', '=x', '__proto__=x', 'constructor=x', 'toString=x'])
      expect(() => parseReporters(RUN_REPORTERS, [value]), value).toThrow(
        `--reporter must be console, junit=PATH, json=PATH, html=PATH or har=PATH, got ${JSON.stringify(value)}`,
      );
  });

  it('reads the path of a file reporter value for the config file check, and leaves any other value as it is', () => {
    expect(reporterPath(RUN_REPORTERS, 'html=../out.html')).toBe('../out.html');
    expect(reporterPath(RUN_REPORTERS, 'evidence.json')).toBe('evidence.json');
    expect(reporterPath(RUN_REPORTERS, 'pdf=x')).toBe('pdf=x');
  });
});
