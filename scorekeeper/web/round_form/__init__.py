"""The round form: what the scorer's phone sends ↔ the engine's round record.

The form holds the whole state of a round being entered; the server is stateless. Nothing here
reads a request. Where each part lives:

- :mod:`.fields`: the fields as text (what the phone sends), cut to size, and a new round's form;
- :mod:`.layout`: the grouping grammar (card codes, and groups written by hand), read and written;
- :mod:`.reading`: the fields read into the engine's round record, with every field error;
- :mod:`.auto_grouping`: the app's own grouping of the table cards (the engine's ``arrange``);
- :mod:`.preview`: what the scorer sees under the card picker, from the engine's score;
- :mod:`.regroup`: the move sheet's requests, and groupings by hand kept in step with the picker
  (the phone never reads the grammar nor decides what is wild);
- :mod:`.from_record`: a stored round back into the fields, to correct it.
"""
