# Figures that depend on the machine's speed, blanked (T) in the corpus's command outputs.
s/"\(seconds\|ms_[ab]\|ms_per_move_[ab]\|ms_per_move_[ab]_error\|nps\)":[-0-9.e+]*/"\1":T/g
s/^\(info .* time\) [0-9]*/\1 T/
s/ nps [0-9]*/ nps T/
s/ in [0-9.]* s ([0-9]* leaves\/s)/ in T s (T leaves\/s)/
s/^CPU time per move: .*/CPU time per move: T/
/^info currmove /d
