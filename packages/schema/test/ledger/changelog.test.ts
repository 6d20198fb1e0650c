import { describe, expect, it } from 'vitest';
import { describeInstruction, ledger, renderChangelog } from '../../src/ledger/index.js';

describe('renderChangelog', () => {
  const markdown = renderChangelog();

  it('starts with a generated-file comment', () => {
    expect(markdown.split('\n')[0]).toMatch(/^<!-- Generated from the API ledger\. Do not edit/);
    expect(markdown).toContain('# API changelog');
  });

  it('has one section per date, newest first, with name and description', () => {
    const headings = markdown.split('\n').filter((line) => /^## \d{4}-\d{2}-\d{2}/.test(line));
    expect(headings).toEqual([
      '## 2025-05-07 — Add mode to character generations',
      '## 2025-03-06 — Add video_anyone image-to-video generations',
      '## 2024-12-04 — List control nets for Flux',
      '## 2024-11-08 — Accept Flux models and styles and add style_detail',
      '## 2024-09-04 — Rename images to media and add narrator generations',
    ]);
    for (const change of ledger) expect(markdown).toContain(change.description);
  });

  it('lists the instructions in plain words under their date', () => {
    const section = markdown.slice(markdown.indexOf('## 2024-09-04'));
    expect(section).toContain('- `GenerationResult.images` renamed to `media`\n');
    expect(section).toContain('- `GeneratedMedia.image_size` renamed to `dim`\n');
    expect(section).toContain('- `Media.type` added (`"image"` when an older body is upgraded)\n');
    expect(section).toContain('- query parameter `image_id` of `listGenerations` renamed to `media_id`\n');
    expect(section).toContain('- `GenerationItem.narrator` added\n');
    const flux = markdown.slice(markdown.indexOf('## 2024-12-04'), markdown.indexOf('## 2024-11-08'));
    expect(flux).toContain('- `flux` added to `ControlnetType`\n');
    const catalogue = markdown.slice(markdown.indexOf('## 2024-11-08'), markdown.indexOf('## 2024-09-04'));
    expect(catalogue).toContain('- query parameter `type` added to `listModels`, `listStyles`, `listControlnets` and `listLoras`\n');
  });

  it('describes every instruction kind', () => {
    expect(describeInstruction({ op: 'param_added', operations: ['a'], in: 'header', name: 'X-Trace' })).toBe('header parameter `X-Trace` added to `a`');
    expect(describeInstruction({ op: 'param_renamed', operations: ['a', 'b'], in: 'query', from: 'p', to: 'q' })).toBe(
      'query parameter `p` of `a` and `b` renamed to `q`',
    );
  });

  it('renders a custom ledger', () => {
    const custom = renderChangelog([{ date: '2020-01-01', name: 'First', description: 'Did a thing.', instructions: [] }]);
    expect(custom).toContain('## 2020-01-01 — First\n\nDid a thing.\n');
  });
});
