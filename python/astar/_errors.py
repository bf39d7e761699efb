"""One exception class per failing status of the library, made from the
status enum itself, so that a status added to the C API has its class here
at once (docs/design.md, "The Python package")."""
from ._astar import ffi, lib

STATUS_NAMES = {value: name[len("ASTAR_"):]
                for value, name in ffi.typeof("astar_status").elements.items()}
STATUS_VALUES = {name: value for value, name in STATUS_NAMES.items()}


class AstarError(Exception):
    """A call of the library failed.

    status   the status's name without ASTAR_, e.g. "NO_PATH"
    code     its value in the C enum astar_status
    message  the library's text for it (astar_status_message)
    detail   the library's details where it gives them (a file's line),
             else the message
    line     the 1-based line of a file or text at fault, 0 if none
    """

    status = None

    def __init__(self, code, detail=None, line=0):
        self.code = code
        self.status = STATUS_NAMES.get(code, "UNKNOWN")
        self.message = ffi.string(lib.astar_status_message(code)).decode("utf-8", "replace")
        self.detail = detail or self.message
        self.line = line
        super().__init__(self.detail)

    def __reduce__(self):
        return (error_class(self.code), (self.code, self.detail, self.line))


# Python's own exceptions that some statuses also are, so that code that
# catches ValueError, OSError, MemoryError or IndexError catches them too.
_ALSO = {
    "INVALID_ARGUMENT": ValueError,
    "PARSE_ERROR": ValueError,
    "MAP_TOO_LARGE": ValueError,
    "IO_ERROR": OSError,
    "OUT_OF_MEMORY": MemoryError,
    "START_OUT_OF_BOUNDS": IndexError,
    "GOAL_OUT_OF_BOUNDS": IndexError,
}

def class_name(status):
    """NO_PATH -> NoPath, IO_ERROR -> IoError."""
    return "".join(word.capitalize() for word in status.split("_"))


# A class for every status but OK: the partial answers and IN_PROGRESS are
# not failures where a call returns them as answers (a partial path, a
# sliced search going on), but are where a caller asks for a whole result.
ERRORS = {}
for _code, _status in sorted(STATUS_NAMES.items()):
    if _status == "OK":
        continue
    _bases = (AstarError, _ALSO[_status]) if _status in _ALSO else (AstarError,)
    ERRORS[_code] = type(class_name(_status), _bases,
                         {"__module__": "astar", "__doc__": "Status ASTAR_%s: %s" % (
                             _status, ffi.string(lib.astar_status_message(_code)).decode())})


def error_class(code):
    return ERRORS.get(code, AstarError)


def error(code, detail=None, line=0):
    """The exception for a status (not raised)."""
    return error_class(code)(code, detail, line)


def check(code, err=None):
    """Raises the status's exception unless it is ASTAR_OK; err is an
    astar_error * the call filled, or None."""
    if code != lib.ASTAR_OK:
        if err is not None and err.status == code and err.message[0] != b"\0":
            raise error(code, ffi.string(err.message).decode("utf-8", "replace"), err.line)
        raise error(code)
