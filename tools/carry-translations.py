#!/usr/bin/env python3
"""Fills unfinished messages of a .ts file from the translations an older copy had for the same
English text, whatever its context: when code moves a string to another class or namespace,
lupdate files it under a new context as unfinished. Prints what it carried and what is left.

    carry-translations.py OLD.ts NEW.ts     (NEW.ts is rewritten in place)

A source text translated differently in different contexts of OLD.ts is carried from the
context whose name ends like the new one's, else from the first; such cases are listed."""
import sys
import xml.etree.ElementTree as ET


def finished(message):
    translation = message.find('translation')
    return (translation is not None and translation.get('type') not in ('unfinished', 'obsolete',
                                                                        'vanished')
            and (translation.text or '').strip() != '')


def main(old_path, new_path):
    known = {}  # source -> [(context, translation text)]
    for context in ET.parse(old_path).getroot().iter('context'):
        name = context.findtext('name')
        for message in context.iter('message'):
            if finished(message):
                known.setdefault(message.findtext('source'), []).append(
                    (name, message.find('translation').text))
    tree = ET.parse(new_path)
    carried, left, ambiguous = 0, [], []
    for context in tree.getroot().iter('context'):
        name = context.findtext('name')
        for message in context.iter('message'):
            translation = message.find('translation')
            if finished(message):
                continue
            candidates = known.get(message.findtext('source'), [])
            if not candidates:
                left.append((name, message.findtext('source')))
                continue
            texts = {text for _, text in candidates}
            chosen = next((text for context_name, text in candidates
                           if context_name.split('::')[-1] == name.split('::')[-1]),
                          candidates[0][1])
            if len(texts) > 1:
                ambiguous.append((name, message.findtext('source'), chosen))
            translation.text = chosen
            translation.attrib.pop('type', None)
            carried += 1
    tree.write(new_path, encoding='utf-8', xml_declaration=True)
    # lupdate writes <!DOCTYPE TS>; ElementTree drops it: put it back.
    with open(new_path, encoding='utf-8') as f:
        text = f.read()
    if '<!DOCTYPE TS>' not in text:
        text = text.replace("?>\n", "?>\n<!DOCTYPE TS>\n", 1)
    with open(new_path, 'w', encoding='utf-8') as f:
        f.write(text)
    print(f'carried {carried} translations')
    for name, source, chosen in ambiguous:
        print(f'  several translations of "{source}"; took "{chosen}" for {name}')
    for name, source in left:
        print(f'left unfinished: {name}: {source}')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
