// https://vike.dev/data – shared by the legal pages.
export { data, type Data } from '../../components/legal/last-updated-data'
