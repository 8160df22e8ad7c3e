import { describe, expect, it } from 'vitest';
import { IssueCollector } from '../../src/errors/issueCollector.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';

describe('IssueCollector: the one issue collector (issue #20 §4)', () => {
  it('adds issues with their rule id, the param written from the path, the message starting with it', () => {
    const issues = new IssueCollector();
    issues.add('spec.2.7.1', 'parameter_blank', ['third_party_country'], 'is required');
    issues.add('fa3.TZnakowy', 'parameter_invalid', ['lines', 2, 'unit'], 'is too long');
    expect(issues.issues).toEqual([
      {
        rule: 'spec.2.7.1',
        code: 'parameter_blank',
        param: 'third_party_country',
        message: 'third_party_country is required',
      },
      {
        rule: 'fa3.TZnakowy',
        code: 'parameter_invalid',
        param: 'lines[2].unit',
        message: 'lines[2].unit is too long',
      },
    ]);
  });

  it('names the whole input by its subject, and adds to a list it is given', () => {
    const shared: ValidationIssue[] = [];
    new IssueCollector(shared).add('xml.char', 'parameter_invalid', [], 'is odd');
    new IssueCollector(shared, 'the input').add(
      'taxmath.3.1.shape',
      'parameter_invalid',
      [],
      'must be an object',
    );
    expect(shared.map((issue) => issue.message)).toEqual([
      'the request is odd',
      'the input must be an object',
    ]);
  });
});
