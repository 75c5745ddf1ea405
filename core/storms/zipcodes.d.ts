/** The part of the zipcodes package (no types of its own) that the geocoder's fallbacks use. */
declare module 'zipcodes' {
  interface ZipCode {
    zip: string
    latitude: number
    longitude: number
    city: string
    state: string
    country: string
  }
  const zipcodes: {
    lookup(zip: string): ZipCode | undefined
    lookupByName(city: string, state: string): ZipCode[]
  }
  export default zipcodes
}
