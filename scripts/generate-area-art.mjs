// Generates the 14 service-area illustrations (client/public/uploads/areas/<slug>.svg) and the
// Central Park map placeholder. Original artwork: a stylised Front Range landscape with rooftops
// and a storm cell, varied per city by a seeded random generator and one local landmark.
// Run: node scripts/generate-area-art.mjs  (the SVGs are committed; re-run only to change them)
import { mkdirSync, writeFileSync } from 'node:fs'

const OUT = 'client/public/uploads/areas'
const W = 640
const H = 360
const HORIZON = 262

const SKIES = [
  ['#0b2545', '#1d4a7a', '#5b7a99'], // evening
  ['#13365f', '#2c5a86', '#8aa6bf'], // afternoon storm
  ['#0b2545', '#3b4f6b', '#c27a4a'], // sunset
  ['#1d4a7a', '#4f7ba3', '#b9cde0'], // clearing
]

function seededRandom(text) {
  let h = 2166136261
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507)
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    h ^= h >>> 16
    return (h >>> 0) / 4294967296
  }
}

const r = (n) => Math.round(n)

function mountains(rand, baseY, minH, maxH, step, fill, opacity = 1) {
  let d = `M0 ${baseY}`
  for (let x = 0; x <= W + step; x += step) {
    const y = baseY - (minH + rand() * (maxH - minH))
    d += `L${r(x)} ${r(y)}`
  }
  d += `L${W} ${baseY}Z`
  return `<path d="${d}" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ''}/>`
}

function cloud(rand) {
  const cx = 120 + rand() * 380
  const cy = 58 + rand() * 20
  const puffs = [
    [0, 0, 70, 30],
    [-60, 12, 50, 24],
    [60, 10, 56, 26],
    [-20, -18, 48, 26],
    [30, -14, 44, 24],
  ]
  const body = puffs
    .map(([dx, dy, rx, ry]) => `<ellipse cx="${r(cx + dx)}" cy="${r(cy + dy)}" rx="${rx}" ry="${ry}"/>`)
    .join('')
  let hail = ''
  for (let i = 0; i < 16; i++) {
    const x = cx - 90 + rand() * 180
    const y = cy + 40 + rand() * 120
    hail += `<circle cx="${r(x)}" cy="${r(y)}" r="${(1.6 + rand() * 2).toFixed(1)}"/>`
  }
  return `<g fill="#0b2545" opacity=".85">${body}</g><g fill="#e3ecf6" opacity=".75">${hail}</g>`
}

function house(x, y, w, roof, wall) {
  const h = w * 0.55
  const peak = w * 0.42
  return (
    `<rect x="${r(x)}" y="${r(y - h)}" width="${r(w)}" height="${r(h)}" fill="${wall}"/>` +
    `<path d="M${r(x - 5)} ${r(y - h)}L${r(x + w / 2)} ${r(y - h - peak)}L${r(x + w + 5)} ${r(y - h)}Z" fill="${roof}"/>` +
    `<rect x="${r(x + w * 0.38)}" y="${r(y - h * 0.55)}" width="${r(w * 0.24)}" height="${r(h * 0.55)}" fill="#0b2545" opacity=".55"/>`
  )
}

function houses(rand, y, count, skipFrom = -1, skipTo = -1) {
  const roofs = ['#c2410c', '#f97316', '#13365f', '#9a3412', '#475569']
  const walls = ['#e3ecf6', '#f2f6fb', '#cbd5e1', '#dbe7f3']
  let out = ''
  let x = 8 + rand() * 20
  let n = 0
  while (n < count) {
    const w = 44 + rand() * 26
    if (x + w > W - 6) break
    if (!(x + w > skipFrom && x < skipTo)) {
      out += house(
        x,
        y + rand() * 6,
        w,
        roofs[Math.floor(rand() * roofs.length)],
        walls[Math.floor(rand() * walls.length)],
      )
      n++
    }
    x += w + 14 + rand() * 30
  }
  return out
}

function trees(rand, y, xs, color = '#1f4d3a') {
  return xs
    .map((x) => {
      const h = 50 + rand() * 30
      return `<path d="M${r(x)} ${r(y - h)}L${r(x + 14)} ${r(y + 4)}H${r(x - 14)}Z" fill="${color}"/>`
    })
    .join('')
}

function waterTower(x, y, label) {
  return (
    `<g fill="#cbd5e1"><rect x="${x - 3}" y="${y - 70}" width="6" height="70"/><rect x="${x - 26}" y="${y - 70}" width="4" height="70" transform="rotate(12 ${x - 24} ${y})"/><rect x="${x + 22}" y="${y - 70}" width="4" height="70" transform="rotate(-12 ${x + 24} ${y})"/></g>` +
    `<ellipse cx="${x}" cy="${y - 86}" rx="34" ry="22" fill="#e3ecf6"/>` +
    (label ? `<rect x="${x - 20}" y="${y - 90}" width="40" height="6" rx="3" fill="#c2410c"/>` : '')
  )
}

/** Buildings of random width and height ([least, random extra]) side by side on the horizon, from x = `from` to `to`. */
function buildingRow(rand, { from, to, width, height, gap, attrs = '' }) {
  let out = ''
  let x = from
  while (x < to) {
    const w = width[0] + rand() * width[1]
    const h = height[0] + rand() * height[1]
    out += `<rect x="${r(x)}" y="${r(HORIZON - h)}" width="${r(w)}" height="${r(h)}"${attrs}/>`
    x += w + gap
  }
  return out
}

const LANDMARKS = {
  skyline(rand) {
    let out = `<g fill="#13365f">${buildingRow(rand, { from: 230, to: 420, width: [18, 18], height: [60, 110], gap: 2 })}`
    out += `<path d="M300 ${HORIZON - 150}h22v-18l11-14 11 14v18h22v150h-66z"/></g>`
    let lights = '<g fill="#f97316" opacity=".7">'
    for (let i = 0; i < 22; i++) {
      lights += `<rect x="${r(236 + rand() * 175)}" y="${r(HORIZON - 20 - rand() * 100)}" width="3" height="4"/>`
    }
    return { svg: out + lights + '</g>', skip: [220, 430] }
  },
  lake(rand) {
    const cx = 200 + rand() * 240
    return {
      svg:
        `<ellipse cx="${r(cx)}" cy="${HORIZON + 22}" rx="130" ry="16" fill="#4f7ba3"/>` +
        `<path d="M${r(cx - 90)} ${HORIZON + 20}h60M${r(cx + 10)} ${HORIZON + 26}h70" stroke="#b9cde0" stroke-width="2" stroke-linecap="round"/>`,
      skip: [cx - 140, cx + 140],
    }
  },
  farm() {
    return {
      svg:
        '<g><rect x="420" y="188" width="26" height="76" rx="13" fill="#cbd5e1"/><rect x="452" y="206" width="22" height="58" rx="11" fill="#e3ecf6"/>' +
        '<path d="M486 264v-44l30-24 30 24v44z" fill="#9a3412"/><path d="M506 264v-22h20v22z" fill="#f2f6fb"/></g>' +
        '<path d="M0 300h640M0 318h640M0 338h640" stroke="#3f6b4f" stroke-width="3" opacity=".6"/>',
      skip: [410, 560],
    }
  },
  butte() {
    return {
      svg:
        '<path d="M190 262c30-40 60-58 110-62l12-30h18l8-22h14l6 22h16l10 30c50 6 80 26 106 62z" fill="#6b4a3a"/>' +
        '<path d="M312 170h18l8-22h14l6 22h16l-6 14h-50z" fill="#8a5a44"/>' +
        '<path d="M345 118l4 10h11l-9 7 3 11-9-6-9 6 3-11-9-7h11z" fill="#f97316"/>',
      skip: [180, 500],
    }
  },
  tower() {
    return {
      svg:
        '<g fill="#cbd5e1"><path d="M302 262l8-120h20l8 120z"/><rect x="286" y="116" width="68" height="26" rx="4" fill="#e3ecf6"/>' +
        '<rect x="292" y="122" width="56" height="12" fill="#1d4a7a"/><rect x="316" y="100" width="8" height="16"/></g>',
      skip: [270, 370],
    }
  },
  industrial(rand) {
    let out = '<g fill="#475569">'
    for (let i = 0; i < 3; i++) {
      const x = 380 + i * 34
      out += `<rect x="${x}" y="${r(150 + rand() * 30)}" width="12" height="120"/>`
    }
    out += '<rect x="360" y="212" width="140" height="50"/><ellipse cx="540" cy="238" rx="30" ry="26"/></g>'
    out +=
      '<g fill="#cbd5e1" opacity=".5"><circle cx="392" cy="140" r="12"/><circle cx="404" cy="126" r="9"/><circle cx="428" cy="150" r="10"/></g>'
    return { svg: out, skip: [350, 580] }
  },
  balloons(rand) {
    const colors = ['#f97316', '#c2410c', '#e3ecf6']
    let out = ''
    for (let i = 0; i < 3; i++) {
      const x = 380 + i * 80 + rand() * 20
      const y = 110 + rand() * 60
      const s = 0.8 + rand() * 0.5
      out +=
        `<g transform="translate(${r(x)} ${r(y)}) scale(${s.toFixed(2)})"><path d="M0-28c-18 0-28 12-28 26 0 14 16 24 22 34h12c6-10 22-20 22-34 0-14-10-26-28-26z" fill="${colors[i]}"/>` +
        `<path d="M-6 32h12v8h-12z" fill="#6b4a3a"/><path d="M0-28v60" stroke="#0b2545" stroke-width="1.5" opacity=".3"/></g>`
    }
    return { svg: out, skip: [-1, -1] }
  },
  flatirons() {
    return {
      svg: '<path d="M60 262l60-120 26 40 30-70 40 150z" fill="#8a5a44"/><path d="M120 142l20 120h-34z" fill="#6b4a3a" opacity=".6"/><path d="M176 112l22 150h-36z" fill="#6b4a3a" opacity=".6"/>',
      skip: [-1, -1],
      behindHouses: true,
    }
  },
  mainStreet() {
    const fronts = [
      [300, 60, '#9a3412'],
      [336, 74, '#c2410c'],
      [372, 56, '#475569'],
      [408, 68, '#9a3412'],
    ]
    let out = ''
    for (const [x, h, c] of fronts) {
      out += `<rect x="${x}" y="${HORIZON - h}" width="34" height="${h}" fill="${c}"/><rect x="${x + 6}" y="${HORIZON - h + 10}" width="8" height="10" fill="#fed7aa"/><rect x="${x + 20}" y="${HORIZON - h + 10}" width="8" height="10" fill="#fed7aa"/><rect x="${x}" y="${HORIZON - h}" width="34" height="5" fill="#0b2545" opacity=".4"/>`
    }
    return { svg: out, skip: [290, 450] }
  },
  waterTower() {
    return { svg: waterTower(470, HORIZON, true), skip: [430, 510] }
  },
  pines(rand) {
    return { svg: trees(rand, HORIZON, [330, 352, 374, 396, 420, 444, 466], '#1f4d3a'), skip: [310, 480] }
  },
  offices(rand) {
    let out = `<g fill="#1d4a7a">${buildingRow(rand, { from: 360, to: 470, width: [30, 12], height: [50, 40], gap: 4, attrs: ' rx="2"' })}`
    out += '</g><g fill="#b9cde0" opacity=".55">'
    for (let y = HORIZON - 40; y < HORIZON - 6; y += 10)
      out += `<rect x="364" y="${y}" width="100" height="2"/>`
    return { svg: out + '</g>', skip: [350, 480] }
  },
}

const CITIES = {
  'aurora-co': ['lake', 1],
  'brighton-co': ['farm', 3],
  'broomfield-co': ['offices', 1],
  'castle-rock-co': ['butte', 2],
  'central-park-co': ['tower', 0],
  'commerce-city-co': ['industrial', 1],
  'denver-co': ['skyline', 2],
  'erie-co': ['balloons', 3],
  'lafayette-co': ['flatirons', 0],
  'louisville-co': ['mainStreet', 2],
  'northglenn-co': ['lake', 0],
  'parker-co': ['pines', 3],
  'superior-co': ['flatirons', 1],
  'thornton-co': ['waterTower', 1],
}

function illustrate(slug, [landmark, skyIndex]) {
  const rand = seededRandom(slug)
  const [top, mid, low] = SKIES[skyIndex]
  const lm = LANDMARKS[landmark](rand)
  const [skipFrom, skipTo] = lm.skip
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`,
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".6" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#s)"/>`,
    skyIndex === 2
      ? `<circle cx="${r(460 + rand() * 100)}" cy="200" r="46" fill="#f97316" opacity=".35"/>`
      : '',
    mountains(rand, HORIZON, 70, 120, 64, '#3b5775', 0.75),
    mountains(rand, HORIZON, 30, 70, 48, '#284563'),
    cloud(rand),
    lm.behindHouses ? lm.svg : '',
    `<rect y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="#2f4f3f"/>`,
    `<rect y="${HORIZON}" width="${W}" height="6" fill="#3f6b4f"/>`,
    lm.behindHouses ? '' : lm.svg,
    houses(rand, 336, 7, skipFrom, skipTo),
    `</svg>`,
  ]
  return parts.join('') + '\n'
}

/** The Central Park map placeholder, shown under 'Interactive Map Coming Soon'. */
function centralParkMap() {
  const rand = seededRandom('central-park-map')
  let blocks = ''
  for (let y = 24; y < H - 20; y += 56) {
    for (let x = 24; x < W - 30; x += 76) {
      if (x > 250 && x < 420 && y > 100 && y < 260) continue
      blocks += `<rect x="${x}" y="${y}" width="${r(56 + rand() * 8)}" height="40" rx="4"/>`
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
    `<rect width="${W}" height="${H}" fill="#e3ecf6"/>` +
    `<g fill="#cbd5e1">${blocks}</g>` +
    '<path d="M260 110h150v140H260z" fill="#b7d3c0"/><ellipse cx="335" cy="180" rx="44" ry="22" fill="#8fb4d6"/>' +
    '<path d="M0 92h640M0 260h640M252 0v360M418 0v360" stroke="#fff" stroke-width="8"/>' +
    '<path d="M60 40c120 40 200 10 300 60s200 30 260 90" fill="none" stroke="#c2410c" stroke-width="4" stroke-dasharray="10 8" opacity=".8"/>' +
    '<path d="M335 120c-14 0-24 10-24 23 0 18 24 40 24 40s24-22 24-40c0-13-10-23-24-23z" fill="#c2410c"/><circle cx="335" cy="143" r="8" fill="#fff"/>' +
    '</svg>\n'
  )
}

mkdirSync(OUT, { recursive: true })
for (const [slug, spec] of Object.entries(CITIES)) {
  writeFileSync(`${OUT}/${slug}.svg`, illustrate(slug, spec))
}
writeFileSync(`${OUT}/central-park-map.svg`, centralParkMap())
console.log(`wrote ${Object.keys(CITIES).length + 1} illustrations to ${OUT}`)
