"""Runs a command in a pseudo-terminal and relays it to this process's pipes.

Tests drive interactive ipctl through it: what they write to our stdin is typed
at the terminal, what the program draws comes out on our stdout. Exits with the
program's exit code (128 + signal number when a signal ended it).
"""
import fcntl
import os
import pty
import select
import struct
import sys
import termios

pid, fd = pty.fork()
if pid == 0:
    os.execvpe(sys.argv[1], sys.argv[1:], os.environ)

# PTY_COLUMNS: a narrower terminal, for what is drawn to its width.
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, int(os.environ.get("PTY_COLUMNS", "200")), 0, 0))
stdin_open = True
while True:
    readable, _, _ = select.select([fd] + ([0] if stdin_open else []), [], [])
    if fd in readable:
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b""
        if not data:
            break
        os.write(1, data)
    if 0 in readable:
        data = os.read(0, 65536)
        if data:
            os.write(fd, data)
        else:
            stdin_open = False

_, status = os.waitpid(pid, 0)
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
