/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */

/* Actions (message types) */
mtype = { nop, a12, a14, a9, a5, a13, a15, a8, a1, a10, a16 };

/* Inter-process channels */
chan p1_0 = [0] of {mtype};
chan p2_0 = [0] of {mtype};
chan p3_0 = [0] of {mtype};

/* Environment<->process channels */
chan p0 = [0] of {mtype};
chan p1 = [0] of {mtype};
chan p2 = [0] of {mtype};
chan p3 = [0] of {mtype};

/* Environment process */
active proctype Environment()
{
  do
  :: p0 ! a14
  :: p0 ! a15
  :: p0 ! a1
  :: p0 ! nop
  :: p1 ! nop
  :: p2 ! nop
  :: p3 ! a10
  :: p3 ! a16
  :: p3 ! nop
  od
}

/* Action channel */
chan act = [0] of {mtype};

/* Most recent message event */
mtype lastAction = nop;

/* Action listener */
active proctype Listener()
{
  atomic {
    do
    :: act ? lastAction ->
  step: skip
    od
  }
}

/* Process 0 (component `component0`) */
active proctype Proc0()
{
  int state = 0;
  do
  :: state == 0 ->
    atomic {
      if
      :: p0 ? nop ->
        state = 1;
      fi
    }
  :: state == 1 ->
    atomic {
      if
      :: p2_0 ? a12 ->
        act ! a12;
        state = 1;
      :: p0 ? a14 ->
        act ! a14;
        state = 2;
      :: p3_0 ? a9 ->
        act ! a9;
        state = 3;
      :: p2_0 ? a5 ->
        act ! a5;
        state = 1;
      :: p2_0 ? a13 ->
        act ! a13;
        state = 1;
      fi
    }
  :: state == 2 ->
    atomic {
      if
      :: p2_0 ? a12 ->
        act ! a12;
        state = 2;
      :: p0 ? a14 ->
        act ! a14;
        state = 2;
      :: p3_0 ? a9 ->
        act ! a9;
        state = 4;
      :: p2_0 ? a5 ->
        act ! a5;
        state = 2;
      :: p0 ? a15 ->
        act ! a15;
        state = 2;
      :: p1_0 ? a8 ->
        act ! a8;
        state = 2;
      fi
    }
  :: state == 3 ->
    atomic {
      if
      :: p0 ? a14 ->
        act ! a14;
        state = 4;
      :: p0 ? a1 ->
        act ! a1;
        state = 1;
      fi
    }
  :: state == 4 ->
    atomic {
      if
      :: p0 ? a1 ->
        act ! a1;
        state = 1;
      fi
    }
  od
}

/* Process 1 (component `component1`) */
active proctype Proc1()
{
  int state = 5;
  do
  :: state == 5 ->
    atomic {
      if
      :: p1 ? nop ->
        state = 6;
      fi
    }
  :: state == 6 ->
    atomic {
      if
      :: p1_0 ! a8 ->
        state = 6;
      fi
    }
  od
}

/* Process 2 (component `component2`) */
active proctype Proc2()
{
  int state = 7;
  do
  :: state == 7 ->
    atomic {
      if
      :: p2 ? nop ->
        state = 8;
      fi
    }
  :: state == 8 ->
    atomic {
      if
      :: p2_0 ! a12 ->
        state = 8;
      :: p2_0 ! a5 ->
        state = 8;
      :: p2_0 ! a13 ->
        state = 8;
      fi
    }
  od
}

/* Process 3 (component `component3`) */
active proctype Proc3()
{
  int state = 9;
  do
  :: state == 9 ->
    atomic {
      if
      :: p3 ? nop ->
        state = 10;
      fi
    }
  :: state == 10 ->
    atomic {
      if
      :: p3_0 ! a9 ->
        state = 10;
      :: p3 ? a10 ->
        act ! a10;
        state = 11;
      :: p3 ? a16 ->
        act ! a16;
        state = 12;
      :: p3 ? a16 ->
        act ! a16;
        state = 13;
      fi
    }
  :: state == 11 ->
    atomic {
      if
      :: p3_0 ! a9 ->
        state = 10;
      :: p3 ? a16 ->
        act ! a16;
        state = 14;
      fi
    }
  :: state == 12 ->
    atomic {
      if
      :: p3_0 ! a9 ->
        state = 10;
      :: p3 ? a16 ->
        act ! a16;
        state = 13;
      fi
    }
  :: state == 13 ->
    atomic {
      if
      :: p3_0 ! a9 ->
        state = 10;
      fi
    }
  :: state == 14 ->
    atomic {
      if
      :: p3_0 ! a9 ->
        state = 10;
      fi
    }
  od
}
