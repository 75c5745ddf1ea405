import { describe, expect, test } from 'vitest'
import { neutraliseCell, toCsv } from '../../admin/csv'

describe('leads export CSV', () => {
  test.each([
    '=HYPERLINK("http://evil.example","Click")',
    '+1 303 555 0142',
    '-2+3',
    '@SUM(A1:A2)',
    '\tcmd',
    '\rcmd',
  ])('a cell starting with a formula character is neutralised: %j', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`)
  })

  test('ordinary text, and formula characters later in a cell, are left alone', () => {
    for (const value of ['Dana', '(303) 555-0142', 'a=b', 'dana@example.com', ''])
      expect(neutraliseCell(value)).toBe(value)
  })

  test('RFC 4180: a header row, CRLF line ends, commas, quotes and line breaks quoted, quotes doubled', () => {
    const csv = toCsv(
      ['id', 'name', 'message'],
      [
        ['1', 'Dana', 'Hail, last "Tuesday"\nshingles bruised'],
        ['2', '=1+1', null],
      ],
    )
    expect(csv).toBe(
      'id,name,message\r\n' + '1,Dana,"Hail, last ""Tuesday""\nshingles bruised"\r\n' + "2,'=1+1,\r\n",
    )
  })

  test('--bom starts the file with a UTF-8 byte order mark', () => {
    expect(toCsv(['a'], [['é']], { bom: true })).toBe('\ufeffa\r\né\r\n')
  })
})
