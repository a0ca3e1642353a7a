import { describe, expect, it } from 'vitest';
import { csvLine, koboCell, koboDecimal, numberCell, parseCsv, textCell } from './csv.js';

describe('CSV cells', () => {
  it('neutralizes every cell a spreadsheet would run as a formula', () => {
    expect(textCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(textCell('+2348012345678')).toBe("'+2348012345678");
    expect(textCell('-1+1')).toBe("'-1+1");
    expect(textCell('@cmd')).toBe("'@cmd");
    expect(textCell('\tTabbed')).toBe("'\tTabbed");
    expect(textCell('\rReturn')).toBe('"\'\rReturn"');
    expect(textCell('Ada = Lovelace')).toBe('Ada = Lovelace');
  });

  it('quotes commas, quotes and line breaks, after neutralizing', () => {
    expect(textCell('Lagos, Ikeja')).toBe('"Lagos, Ikeja"');
    expect(textCell('The "big" truck')).toBe('"The ""big"" truck"');
    expect(textCell('two\nlines')).toBe('"two\nlines"');
    expect(textCell('=HYPERLINK("http://evil.test","x")')).toBe('"\'=HYPERLINK(""http://evil.test"",""x"")"');
  });

  it('writes nothing for a missing value and keeps names with naira signs as they are', () => {
    expect(textCell(null)).toBe('');
    expect(textCell(undefined)).toBe('');
    expect(textCell('₦ Ọlá')).toBe('₦ Ọlá');
    expect(numberCell(null)).toBe('');
    expect(numberCell(18.5)).toBe('18.5');
    expect(koboCell(null)).toBe('');
  });

  it('writes kobo as exact plain decimals, negatives included and not neutralized', () => {
    expect(koboDecimal(123450n)).toBe('1234.50');
    expect(koboDecimal(-5n)).toBe('-0.05');
    expect(koboDecimal(0n)).toBe('0.00');
    expect(koboDecimal(900719925474099312n)).toBe('9007199254740993.12');
    expect(koboCell(-150000n)).toBe('-1500.00');
  });

  it('ends every row with CRLF', () => {
    expect(csvLine(['a', '"b,c"', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells, escaped quotes, commas and line breaks inside quotes, with their lines', () => {
    const text = 'Make,Model,Color\r\n"Toyota","Hilux, 4x4","The ""white"" one"\r\nIsuzu,"two\nlines",Red\r\nKia,Rio,Blue';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['Make', 'Model', 'Color'] },
      { line: 2, cells: ['Toyota', 'Hilux, 4x4', 'The "white" one'] },
      { line: 3, cells: ['Isuzu', 'two\nlines', 'Red'] },
      { line: 5, cells: ['Kia', 'Rio', 'Blue'] },
    ]);
  });

  it('drops a byte order mark and skips blank and empty-celled lines, LF and CR alike', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r,\r\n3,\n\n\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
      { line: 5, cells: ['3', ''] },
    ]);
  });

  it('keeps empty cells, a stray quote inside a cell and reads what the writer wrote', () => {
    expect(parseCsv('a,,c\n5" tyre,x')).toEqual([
      { line: 1, cells: ['a', '', 'c'] },
      { line: 2, cells: ['5" tyre', 'x'] },
    ]);
    const written = csvLine([textCell('Lagos, Ikeja'), textCell('The "big" truck'), numberCell(3)]);
    expect(parseCsv(written)).toEqual([{ line: 1, cells: ['Lagos, Ikeja', 'The "big" truck', '3'] }]);
    expect(parseCsv('')).toEqual([]);
  });
});
