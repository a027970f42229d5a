#!/usr/bin/env python3
"""
Builds the cities extract that migration 0007 loads: GeoNames cities of 15,000 people or more in the
countries Daywork serves, with their coordinates, population and time zone, and their names in our ten
interface languages where GeoNames has them.

Inputs (neither is a dependency of the app; the SQL this prints is committed):
  - GeoNames cities15000 as JSON: `npm pack cities15000-json` (geonames.org, CC BY), its cities.json;
  - the GeoNames names in each language, as gettext catalogues keyed by GeoNames id: Debian's
    `libgeonames-common` package (`apt-get download libgeonames-common && dpkg -x ...`), its
    usr/share/locale/<lang>/LC_MESSAGES/geonames.mo.

Usage: build-cities-sql.py <cities.json> <locale dir> > rows.sql
"""
import gettext
import json
import sys

COUNTRIES = ["RU", "KZ", "UZ", "TM", "DE", "FR", "ES"]
# Our language code -> the catalogues that hold it, first found wins.
LANGUAGES = {
    "en": ["en"],
    "ru": ["ru"],
    "de": ["de"],
    "fr": ["fr"],
    "es": ["es"],
    "ar": ["ar"],
    "zh": ["zh_CN", "zh"],
    "kk": ["kk"],
    "uz": ["uz"],
    "tk": ["tk"],
}


# The letters each language is written in: a catalogue entry in another script is a transliteration
# GeoNames filed under the wrong language (Turkmen in Arabic letters) and is left out.
SCRIPTS = {
    "en": "latin", "de": "latin", "fr": "latin", "es": "latin", "uz": "latin", "tk": "latin",
    "ru": "cyrillic", "kk": "cyrillic", "ar": "arabic", "zh": "han",
}

# Where GeoNames' translations are out of date: Astana was Nur-Sultan from 2019 to 2022.
OVERRIDES = {
    "1526273": {"ru": "Астана", "kk": "Астана", "de": "Astana", "es": "Astaná", "fr": "Astana", "ar": "أستانا", "zh": "阿斯塔纳"},
}


def script_of(char):
    code = ord(char)
    if code < 0x250 or 0x1E00 <= code < 0x1F00:
        return "latin"
    if 0x400 <= code < 0x530:
        return "cyrillic"
    if 0x600 <= code < 0x700 or 0x750 <= code < 0x780 or 0xFB50 <= code < 0xFE00 or 0xFE70 <= code < 0xFF00:
        return "arabic"
    if 0x3400 <= code < 0xA000 or 0xF900 <= code < 0xFB00:
        return "han"
    return None


def written_in(name, script):
    return all(script_of(c) in (script, None) for c in name if c.isalpha())


def catalogue(locale_dir, name):
    try:
        with open(f"{locale_dir}/{name}/LC_MESSAGES/geonames.mo", "rb") as f:
            return gettext.GNUTranslations(f)._catalog
    except FileNotFoundError:
        return {}


def quote(text):
    return "'" + text.replace("'", "''") + "'"


def main():
    cities_path, locale_dir = sys.argv[1], sys.argv[2]
    catalogues = {lang: [catalogue(locale_dir, c) for c in names] for lang, names in LANGUAGES.items()}
    cities = [c for c in json.load(open(cities_path, encoding="utf-8")) if c["country"] in COUNTRIES]
    cities.sort(key=lambda c: (c["country"], -int(c["population"] or 0), int(c["id"])))
    rows = []
    for c in cities:
        names = {}
        for lang, cats in catalogues.items():
            for cat in cats:
                name = cat.get(c["id"])
                if name and written_in(name, SCRIPTS[lang]):
                    names[lang] = name.strip()
                    break
        names.update(OVERRIDES.get(c["id"], {}))
        # GeoNames' own name is the international one ("Kazan"); the English catalogue spells Russian
        # soft signs ("Kazan’"), kept as a search word only.
        catalogue_english = names.get("en", "")
        english = c["name"]
        names["en"] = english
        # Every spelling we know, lower-cased, for autocomplete and search: the ten languages and the
        # ASCII form ("Kazan" for "Kazan’").
        words = []
        for w in [*names.values(), catalogue_english, c["asciiname"]]:
            w = w.lower()
            if w and w not in words:
                words.append(w)
        rows.append(
            "(%s, %s, %s, %s::jsonb, %s, %s, %s, %s, %s)"
            % (
                int(c["id"]),
                quote(c["country"]),
                quote(english),
                quote(json.dumps(names, ensure_ascii=False, sort_keys=True)),
                float(c["lat"]),
                float(c["lon"]),
                int(c["population"] or 0),
                quote(c["tz"]),
                quote(" ".join(words)),
            )
        )
    print(
        'INSERT INTO "cities" ("id", "country", "name", "names", "latitude", "longitude", "population", "time_zone", "search_names") VALUES\n'
        + ",\n".join(rows)
        + "\nON CONFLICT (\"id\") DO NOTHING;"
    )
    print(f"-- {len(rows)} cities", file=sys.stderr)


main()
