import { describe, expect, it } from 'vitest';
import { parseWhere } from '../../src/search/filters.js';

const eq = (fieldName: string, value: string) => ({ filter: { fieldName, operator: 'eq', value } });

describe('parseWhere', () => {
  it('reads FIELD=VALUE, splitting at the first "=" and keeping the value as typed', () => {
    expect(parseWhere('Email=ada@example.com')).toEqual(eq('Email', 'ada@example.com'));
    expect(parseWhere('Name=Ada Okafor')).toEqual(eq('Name', 'Ada Okafor'));
    expect(parseWhere('Formula=a=b')).toEqual(eq('Formula', 'a=b'));
    expect(parseWhere('Full Name=Ada')).toEqual(eq('Full Name', 'Ada'));
    expect(parseWhere('Note=@home')).toEqual(eq('Note', '@home'));
    expect(parseWhere('Title=')).toEqual(eq('Title', ''));
  });

  it('reads FIELD eq VALUE, in any case, taking one pair of quotes off the value', () => {
    expect(parseWhere('stage eq customer')).toEqual(eq('stage', 'customer'));
    expect(parseWhere('Name EQ Ada Okafor')).toEqual(eq('Name', 'Ada Okafor'));
    expect(parseWhere(`Name eq "Ada Okafor"`)).toEqual(eq('Name', 'Ada Okafor'));
    expect(parseWhere(`Name eq 'x=y'`)).toEqual(eq('Name', 'x=y'));
    expect(parseWhere('Email eq a=b')).toEqual(eq('Email', 'a=b'));
  });

  it('rejects any other operator, naming eq and showing how to write the filter', () => {
    for (const [text, operator] of [['Amount gt 5', 'gt'], ['Name contains Ada', 'contains'], ['Name = Ada', '='], ['Amount >= 5', '>='], ['Name ne Ada', 'ne']]) {
      const parsed = parseWhere(text as string);
      expect(parsed).toHaveProperty('problem');
      const problem = (parsed as { problem: string }).problem;
      expect(problem).toContain(`the operator "${operator}" is not supported`);
      expect(problem).toContain('the only supported operator is eq');
    }
    expect(parseWhere('Amount gt 5')).toEqual({ problem: '"Amount gt 5": the operator "gt" is not supported; the only supported operator is eq (write Amount=5 or "Amount eq 5").' });
  });

  it('rejects text that is not a filter', () => {
    expect(parseWhere('Name')).toEqual({ problem: '"Name" is not a filter; write FIELD=VALUE or "FIELD eq VALUE".' });
    expect(parseWhere('=Ada')).toEqual({ problem: '"=Ada" has no field name before "="; write FIELD=VALUE.' });
    expect(parseWhere('Name eq')).toEqual({ problem: '"Name eq" has no value after eq; write "Name eq VALUE".' });
    expect(parseWhere('Name=a\nb')).toHaveProperty('problem');
  });
});
