/** The part of the zipcodes package (no types of its own) that tests/unit/zip-table.test.ts reads. */
declare module 'zipcodes' {
  export interface ZipCode {
    zip: string
    latitude: number
    longitude: number
    city: string
    state: string
    country: string
  }
  const zipcodes: {
    /** Every ZIP and postal code, by code. */
    codes: Record<string, ZipCode>
    lookup(zip: string): ZipCode | undefined
    lookupByName(city: string, state: string): ZipCode[]
  }
  export default zipcodes
}
