#!/usr/bin/env python3
"""Small files, small functions (the developers' guide): no source file over 600 lines and no
function over 80 lines in src/. A function is a definition line ending in '{' at namespace or
class level (indent 0 or 2, or 4 inside a nested class) whose body closes with '}' at the same
indent; lambdas and blocks inside a body count toward the function. Prints each breach and a
summary; exit 1 on any. Usage: check_sizes.py SRC_DIR [--self-test]"""
import os
import re
import sys

MAX_FILE, MAX_FUNCTION = 600, 80
START = re.compile(r'^( {0,4})(?=\S)(?!if\b|for\b|while\b|switch\b|do\b|else\b|namespace\b|'
                   r'struct\b|class\b|enum\b|union\b|extern\b|return\b|case\b|default\b|//|#|\}|\[)'
                   r'[^;{}=]*\(')


def functions(lines):
    """(first line number, length) of each function definition; a signature may span lines."""
    out = []
    i = 0
    while i < len(lines):
        m = START.match(lines[i])
        if not m:
            i += 1
            continue
        indent = m.group(1)
        # The signature runs until a line ending in '{' (a definition) or ';' (a declaration).
        j = i
        while j < len(lines) and j < i + 12 and not lines[j].rstrip().endswith(('{', ';', '}')):
            j += 1
        if j >= len(lines) or not lines[j].rstrip().endswith('{') or ')' not in ''.join(lines[i:j + 1]):
            i += 1
            continue
        k = j + 1
        while k < len(lines) and not re.match('^' + indent + r'\}', lines[k]):
            k += 1
        out.append((i + 1, k - i + 1))
        i = k + 1
    return out


def check(src):
    bad = files = funcs = 0
    for root, _, names in sorted(os.walk(src)):
        for name in sorted(names):
            if not name.endswith(('.cpp', '.hpp')):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, src)
            with open(path, encoding='utf-8') as f:
                lines = f.read().split('\n')
            files += 1
            if len(lines) > MAX_FILE:
                print(f'{rel}: {len(lines)} lines (at most {MAX_FILE})')
                bad += 1
            for line, length in functions(lines):
                funcs += 1
                if length > MAX_FUNCTION:
                    print(f'{rel}:{line}: a function of {length} lines (at most {MAX_FUNCTION})')
                    bad += 1
    print(f'size check: {files} files, {funcs} functions, {bad} too long')
    return bad == 0


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, 'a.cpp'), 'w') as f:
            f.write('int f(int x) {\n' + '  x += 1;\n' * 90 + '  return x;\n}\n')
            f.write('int g() {\n  return 1;\n}\n')
        ok = check(d)
    if ok:
        print('FAIL: a 92-line function was not caught')
        return False
    print('the size check catches a function over the limit')
    return True


if __name__ == '__main__':
    if '--self-test' in sys.argv:
        sys.exit(0 if self_test() else 1)
    sys.exit(0 if check(sys.argv[1]) else 1)
